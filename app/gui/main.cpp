// The GUI executable: checks for a display, then builds the application and its main window.
#include <QApplication>
#include <cstdio>
#include <string_view>

#include "ui/app/startup.h"
#include "ui/mainwindow/mainwindow.h"

namespace {

// --help and --version print and exit: they need no display, so Qt starts headless for them.
bool onlyPrints(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-v" ||
            arg == "--version")
            return true;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    if (onlyPrints(argc, argv)) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    } else if (!infraplan::ui::displayAvailable()) {
        const char* design = nullptr;
        for (int i = 1; i < argc && !design; ++i)
            if (argv[i][0] != '-') design = argv[i];
        std::fputs(infraplan::ui::noDisplayMessage(argv[0], design).c_str(), stderr);
        return 1;
    }
    QApplication app(argc, argv);
    infraplan::ui::configureApplication(app);
    const infraplan::ui::LaunchOptions options = infraplan::ui::parseCommandLine(app);
    infraplan::ui::MainWindow window;
    window.start(options);
    return app.exec();
}
