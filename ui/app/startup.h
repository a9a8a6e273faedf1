#pragma once
// Start-up of the GUI executable: the display check that runs before any Qt object exists, the
// application's identity and look, and the command-line options.

#include <QString>
#include <string>

class QApplication;

namespace infraplan::ui {

// True when a windowing system can plausibly be reached: QT_QPA_PLATFORM is set, a Wayland
// display is named, or an X display is named whose local socket exists. Checked before
// QApplication, which would abort without a display.
bool displayAvailable();

// What to print instead of opening a window: why, and the headless command that does the
// same work. `argv0` locates infraplan-cli next to this executable.
std::string noDisplayMessage(const char* argv0, const char* design);

struct LaunchOptions {
    QString design;      // file to open ("" = untitled, or recovery)
    QString screenshot;  // hidden --screenshot FILE: render the window to a PNG and exit
    bool ignoreRecovery = false;
};

// Names (for QSettings), style, palette and icon.
void configureApplication(QApplication& app);
LaunchOptions parseCommandLine(const QApplication& app);

}  // namespace infraplan::ui
