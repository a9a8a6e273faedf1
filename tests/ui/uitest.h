#pragma once
// Helpers shared by the GUI tests: settings kept in a temporary folder, and a way to answer
// the modal dialogs a user would see (a modal exec() blocks, so the answer is queued first).

#include <QApplication>
#include <QFileInfo>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QWidget>
#include <functional>
#include <memory>

#include "tests/core/example_designs.h"
#include "tests/support/sanitizer_build.h"

namespace uitest {

// The longest wait for a planning job off the GUI thread (a search, a sensitivity): a failure
// after it, never a time asserted. Sanitized builds run several times slower.
inline constexpr int kPlanningWaitMs = infraplan::test::kSanitizerBuild ? 600000 : 120000;

// Call once in initTestCase(): QSettings and recovery files go to `dir`, never to the user's.
inline void isolateSettings(const QTemporaryDir& dir) {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("InfraplanTest"));
    QApplication::setApplicationName(QStringLiteral("InfraplanTest"));
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
    QSettings().clear();
}

// Runs `answer` on the next modal widget that opens (polling until it does, for up to 5 s).
inline void answerNextModal(std::function<void(QWidget*)> answer) {
    auto* timer = new QTimer;
    auto tries = std::make_shared<int>(0);
    QObject::connect(timer, &QTimer::timeout, [timer, tries, answer] {
        QWidget* modal = QApplication::activeModalWidget();
        if (!modal && ++*tries < 500) return;
        timer->stop();
        timer->deleteLater();
        if (modal) answer(modal);
    });
    timer->start(10);
}

inline QString example(const char* name) {
    return QString::fromStdString(infraplan::test::examplePath(name));
}

}  // namespace uitest
