#include "ui/app/startup.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "ui/app/theme.h"

namespace infraplan::ui {
namespace {

bool isSet(const char* name) {
    const char* value = std::getenv(name);
    return value && *value;
}

// ":0" or ":0.0" names a local X server whose socket lives in /tmp/.X11-unix.
bool xDisplayReachable(std::string_view display) {
    if (display.empty()) return false;
    if (display.front() != ':') return true;  // a remote display: let Qt try it
    std::string number(display.substr(1));
    number = number.substr(0, number.find('.'));
    if (number.empty()) return false;
    std::error_code ec;
    return std::filesystem::exists("/tmp/.X11-unix/X" + number, ec);
}

}  // namespace

bool displayAvailable() {
    if (isSet("QT_QPA_PLATFORM") || isSet("WAYLAND_DISPLAY")) return true;
    return isSet("DISPLAY") && xDisplayReachable(std::getenv("DISPLAY"));
}

std::string noDisplayMessage(const char* argv0, const char* design) {
    std::filesystem::path cli = "infraplan-cli";
    if (argv0 && *argv0) {
        const std::filesystem::path self(argv0);
        if (self.has_parent_path()) cli = self.parent_path() / "infraplan-cli";
    }
    const std::string file = design && *design ? design : "DESIGN.json";
    std::string message =
        "infraplan: no graphical display is available (DISPLAY and WAYLAND_DISPLAY are unset "
        "or unreachable),\nso the planner window cannot open.\n\n"
        "The same evaluation without a window:\n  " +
        cli.string() + " evaluate " + file +
        "\n\nTo open the window on a virtual display instead:\n  xvfb-run -a " +
        (argv0 && *argv0 ? std::string(argv0) : std::string("infraplan")) + " " + file + "\n";
    return message;
}

void configureApplication(QApplication& app) {
    QApplication::setOrganizationName(QStringLiteral("Infraplan"));
    QApplication::setOrganizationDomain(QStringLiteral("infraplan.org"));
    QApplication::setApplicationName(QStringLiteral("Infraplan"));
    QApplication::setApplicationDisplayName(QStringLiteral("Infraplan"));
    QApplication::setApplicationVersion(QStringLiteral(INFRAPLAN_VERSION));
    // Ties the windows to the installed menu entry and icon (resources/desktop/), on Wayland too.
    QApplication::setDesktopFileName(QStringLiteral("org.infraplan.infraplan"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/infraplan.svg")));
    applyTheme(app);
}

LaunchOptions parseCommandLine(const QApplication& app) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Desktop planner for AI infrastructure."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("design"),
                                 QApplication::translate("main", "Design file to open."),
                                 QStringLiteral("[DESIGN]"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"), {}, QStringLiteral("file"));
    screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption noRecovery(QStringLiteral("no-recovery"),
                                  QApplication::translate("main", "Do not offer recovered work."));
    parser.addOption(screenshot);
    parser.addOption(noRecovery);
    parser.process(app);
    LaunchOptions options;
    if (!parser.positionalArguments().isEmpty())
        options.design = parser.positionalArguments().front();
    options.screenshot = parser.value(screenshot);
    options.ignoreRecovery = parser.isSet(noRecovery) || !options.screenshot.isEmpty();
    return options;
}

}  // namespace infraplan::ui
