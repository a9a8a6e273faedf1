#include "ui/document/recoverystore.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>
#include <nlohmann/json.hpp>

#include "catalog/json_limits.h"
#include "core/io/design_json.h"

namespace infraplan::ui {
namespace {

bool writeAtomically(const QString& path, const std::string& text) {
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) &&
           file.write(text.data(), qint64(text.size())) == qint64(text.size()) && file.commit();
}

}  // namespace

RecoveryStore::RecoveryStore(QString folder) : m_folder(std::move(folder)) {
    if (m_folder.isEmpty())
        m_folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                   QStringLiteral("/recovery");
}

QString RecoveryStore::designFile() const {
    return m_folder + QStringLiteral("/unsaved-design.json");
}
QString RecoveryStore::metaFile() const {
    return m_folder + QStringLiteral("/unsaved-design.meta.json");
}

bool RecoveryStore::save(const Design& design, const QString& originalPath) {
    if (!QDir().mkpath(m_folder)) return false;
    const nlohmann::json meta = {
        {"original_path", originalPath.toStdString()},
        {"saved_at", QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString()}};
    // The design first: a meta file never points at a design that is not there.
    return writeAtomically(designFile(), serializeDesign(design)) &&
           writeAtomically(metaFile(), dumpJson(meta, 2));
}

void RecoveryStore::clear() {
    QFile::remove(metaFile());
    QFile::remove(designFile());
}

bool RecoveryStore::exists() const {
    return QFile::exists(designFile());
}

std::optional<RecoveryStore::Recovered> RecoveryStore::load() const {
    if (!exists()) return std::nullopt;
    LoadResult loaded = loadDesignFile(QFile::encodeName(designFile()).toStdString());
    if (!loaded.ok()) return std::nullopt;
    Recovered r;
    r.design = std::move(*loaded.design);
    QFile metaIn(metaFile());
    if (metaIn.open(QIODevice::ReadOnly)) {
        const auto meta = nlohmann::json::parse(metaIn.readAll().toStdString(), nullptr, false);
        if (meta.is_object()) {
            r.originalPath = QString::fromStdString(meta.value("original_path", std::string()));
            r.savedAt = QDateTime::fromString(
                QString::fromStdString(meta.value("saved_at", std::string())), Qt::ISODate);
        }
    }
    return r;
}

}  // namespace infraplan::ui
