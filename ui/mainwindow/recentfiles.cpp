#include "ui/mainwindow/recentfiles.h"

#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace infraplan::ui {
namespace {
constexpr int kMaxRecent = 10;
const char* const kKey = "recentFiles";
}  // namespace

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), m_menu(menu) {
    connect(m_menu, &QMenu::aboutToShow, this, &RecentFiles::rebuildMenu);
    rebuildMenu();
}

QStringList RecentFiles::files() const {
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxRecent)
        list.removeLast();
    store(list);
}

void RecentFiles::remove(const QString& path) {
    QStringList list = files();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    store(list);
}

void RecentFiles::store(const QStringList& files) {
    QSettings().setValue(kKey, files);
    rebuildMenu();
}

void RecentFiles::rebuildMenu() {
    m_menu->clear();
    const QStringList list = files();
    int n = 0;
    for (const QString& path : list) {
        const QString text =
            QStringLiteral("&%1  %2").arg(++n % 10).arg(QFileInfo(path).fileName());
        QAction* action = m_menu->addAction(text);
        action->setToolTip(path);
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path] { Q_EMIT openRequested(path); });
    }
    if (list.isEmpty()) m_menu->addAction(tr("No recent files"))->setEnabled(false);
    m_menu->addSeparator();
    QAction* clear = m_menu->addAction(tr("Clear Menu"));
    clear->setEnabled(!list.isEmpty());
    connect(clear, &QAction::triggered, this, [this] { store({}); });
}

}  // namespace infraplan::ui
