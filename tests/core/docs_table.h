#pragma once
// The generated table docs/results.md holds between `<!-- BEGIN name -->` and
// `<!-- END name -->`, for the tests that hold an output's schema to its documentation.
#include <QFile>
#include <QString>

#include <optional>
#include <string>

#include "tests/support/test_paths.h"

namespace infraplan::test {

// nullopt when the file or either marker is missing.
inline std::optional<std::string> resultsDocTable(const std::string& name) {
    QFile doc(QString::fromUtf8(sourceDir()) + QStringLiteral("/docs/results.md"));
    if (!doc.open(QIODevice::ReadOnly)) return std::nullopt;
    const std::string text = doc.readAll().toStdString();
    const std::string begin = "<!-- BEGIN " + name + " -->\n";
    const auto from = text.find(begin);
    const auto to = text.find("<!-- END " + name + " -->");
    if (from == std::string::npos || to == std::string::npos || to < from) return std::nullopt;
    return text.substr(from + begin.size(), to - from - begin.size());
}

}  // namespace infraplan::test
