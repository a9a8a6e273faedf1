#pragma once
// The recently opened files, kept in QSettings, newest first, and the menu that lists them.

#include <QObject>
#include <QStringList>

class QMenu;

namespace infraplan::ui {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);
    QStringList files() const;
    void add(const QString& path);
    void remove(const QString& path);

Q_SIGNALS:
    void openRequested(const QString& path);

private:
    void rebuildMenu();
    void store(const QStringList& files);
    QMenu* m_menu;
};

}  // namespace infraplan::ui
