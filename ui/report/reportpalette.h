#pragma once
// The report's verdict colours, one definition for every section (dark enough to print).

#include <QString>

namespace infraplan::report {

inline const QString kGood = QStringLiteral("#1E7B34");
inline const QString kWarn = QStringLiteral("#8A5300");
inline const QString kBad = QStringLiteral("#B3261E");

}  // namespace infraplan::report
