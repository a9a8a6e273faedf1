#include "ui/mainwindow/hfmodelimport.h"

#include <QFile>
#include <QFileDialog>
#include <QMessageBox>

#include "catalog/import_export.h"
#include "catalog/user_catalog.h"
#include "ui/app/sessioncatalog.h"
#include "ui/document/designdocument.h"

namespace infraplan::ui {

bool importHfModel(const QString& configPath, const std::string& userCatalog,
                   DesignDocument& document, QString* error) {
    // Read once: the import itself refuses anything but a transformers config.
    catalog::ImportOptions options;
    options.hf_config_only = true;
    const catalog::ImportReport report = catalog::importIntoUserCatalog(
        QFile::encodeName(configPath).toStdString(), userCatalog, options);
    if (!report.ok || report.ids.empty()) {
        if (error)
            *error = report.diags.items.empty()
                         ? QObject::tr("%1: nothing to import").arg(configPath)
                         : configPath + QStringLiteral(": ") +
                               QString::fromStdString(report.diags.toString()).trimmed();
        return false;
    }
    if (userCatalog.empty())
        document.setLocalCatalog(reloadSessionCatalog());
    else
        document.setLocalCatalog(
            std::make_shared<const catalog::Catalog>(catalog::loadCatalog(userCatalog, nullptr)));
    Workload workload = document.design().workload;
    workload.model = report.ids.front();
    document.setWorkload(
        workload, QObject::tr("Use Model %1").arg(QString::fromStdString(report.ids.front())));
    return true;
}

bool importHfModelInteractively(QWidget* parent, DesignDocument& document) {
    const QString path = QFileDialog::getOpenFileName(
        parent, QObject::tr("Import Model from Hugging Face config.json"), QString(),
        QObject::tr("Hugging Face config (*.json)"));
    if (path.isEmpty()) return false;
    QString error;
    if (importHfModel(path, std::string(), document, &error)) return true;
    QMessageBox::warning(parent, QObject::tr("Import Model"), error);
    return false;
}

}  // namespace infraplan::ui
