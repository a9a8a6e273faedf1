#pragma once
// Opening a large design without freezing the window: the file is read, parsed and checked on
// a worker thread, through the CLI's loading path with its size and device limits, while a
// window-modal dialog names the step and offers Cancel. Small files load at once: they take
// milliseconds, and a dialog would only flash.

#include <QString>
#include <memory>
#include <optional>

#include "core/io/design_load.h"

class QProgressDialog;
class QWidget;

namespace infraplan::ui {

// Files above this size load off the GUI thread.
constexpr qint64 kBackgroundLoadBytes = 1 << 20;

class DesignLoader {
public:
    explicit DesignLoader(QWidget* parent);
    ~DesignLoader();

    // The load, or nothing when the user cancelled (the worker's result is then dropped).
    std::optional<DesignLoad> load(const QString& path,
                                   std::shared_ptr<const catalog::Catalog> local);
    // Names what the window does next with the load (drawing the canvas), while it blocks.
    void finishing(const QString& text);
    void close();  // before any dialog about the result

private:
    QWidget* m_parent;
    std::unique_ptr<QProgressDialog> m_dialog;  // while a large file loads
};

}  // namespace infraplan::ui
