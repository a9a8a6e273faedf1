#pragma once
// Autosave for crash recovery. While a design has unsaved changes, the main window writes it
// here every minute; a clean exit or a save removes it. A file still here at the next start
// means the last session ended without saving: the window offers to restore it.

#include <QDateTime>
#include <QString>
#include <optional>

#include "core/design/design.h"

namespace infraplan::ui {

class RecoveryStore {
public:
    // `folder` defaults to <app data>/recovery.
    explicit RecoveryStore(QString folder = {});

    bool save(const Design& design, const QString& originalPath);
    void clear();
    bool exists() const;

    struct Recovered {
        Design design;
        QString originalPath;  // "" for an untitled design
        QDateTime savedAt;
    };
    std::optional<Recovered> load() const;
    QString designFile() const;

private:
    QString metaFile() const;
    QString m_folder;
};

}  // namespace infraplan::ui
