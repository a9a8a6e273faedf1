// MainWindow, part three: files. Open, save, templates, start-up, and crash recovery.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

#include "ui/app/sessioncatalog.h"
#include "ui/compare/comparedialog.h"
#include "ui/document/backgroundload.h"
#include "ui/document/designdocument.h"
#include "ui/document/recoverystore.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/mainwindow/recentfiles.h"
#include "ui/palette/palettemodel.h"
#include "ui/palette/palettewidget.h"
#include "ui/widgets/diagnosticsdialog.h"
#include "ui/widgets/embeddeddialog.h"

namespace infraplan::ui {

void MainWindow::start(const LaunchOptions& options) {
    bool opened = false;
    if (!options.ignoreRecovery) opened = offerRecovery();
    if (!opened && !options.design.isEmpty()) opened = openFile(options.design);
    if (!opened && m_document->design().hardware.items.empty() && m_document->filePath().isEmpty())
        newDesign();
    show();
    if (!options.screenshot.isEmpty()) {
        // Captured after the first evaluation lands (showEvaluation), or after 10 s regardless.
        m_pendingScreenshot = options.screenshot;
        const QString file = options.screenshot;
        QTimer::singleShot(10000, this, [this, file] {
            if (!m_pendingScreenshot.isEmpty()) captureScreenshot(file);
        });
    }
}

void MainWindow::newDesign() {
    if (!maybeSave()) return;
    Design design;
    design.name = tr("New design").toStdString();
    design.workload.model = std::string("llama3-8b");
    design.workload.global_batch = 512;
    design.workload.seq_len = 4096;
    m_document->newDesign(std::move(design));
}

QStringList MainWindow::templates() {
    QStringList list;
    for (const QString& name :
         QDir(QStringLiteral(":/templates")).entryList({QStringLiteral("*.json")}))
        list << QStringLiteral(":/templates/") + name;
    return list;
}

bool MainWindow::newFromTemplate(const QString& resource) {
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly)) return false;
    Diagnostics diagnostics;
    if (!m_document->openText(file.readAll(), diagnostics)) {
        DiagnosticsDialog dialog(tr("Cannot Use Template"), tr("The template has problems."),
                                 diagnostics, this);
        dialog.exec();
        return false;
    }
    statusBar()->showMessage(
        tr("New design from the template “%1”").arg(QFileInfo(resource).completeBaseName()), 4000);
    return true;
}

bool MainWindow::openGeneratedDesign(const Design& design) {
    if (!maybeSave()) return false;
    m_document->newDesign(design);  // untitled, with a fresh undo stack
    statusBar()->showMessage(
        tr("Opened “%1” as an untitled design").arg(QString::fromStdString(design.name)), 6000);
    return true;
}

void MainWindow::openDialog() {
    if (!maybeSave()) return;
    const QString dir = m_document->filePath().isEmpty()
                            ? QString()
                            : QFileInfo(m_document->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Design"), dir, tr("Infraplan designs (*.json);;All files (*)"));
    if (!path.isEmpty()) openFile(path);
}

bool MainWindow::openFile(const QString& path) {
    DesignLoader loader(this);
    std::optional<DesignLoad> load = loader.load(path, m_document->localCatalog());
    if (!load) {
        statusBar()->showMessage(tr("Opening %1 was cancelled; nothing was changed.")
                                     .arg(QDir::toNativeSeparators(path)),
                                 6000);
        return false;
    }
    const Diagnostics diagnostics = load->diagnostics;
    if (load->readable())
        loader.finishing(
            tr("Drawing %n part(s)…", nullptr, int(load->design->hardware.items.size())));
    const bool opened = m_document->adopt(std::move(*load), path);
    loader.close();
    if (!opened) {
        DiagnosticsDialog dialog(
            tr("Cannot Open Design"),
            tr("<b>%1</b> could not be opened: %n problem(s) found. Nothing was changed.", nullptr,
               int(diagnostics.errorCount()))
                .arg(QFileInfo(path).fileName().toHtmlEscaped()),
            diagnostics, this);
        dialog.exec();
        return false;
    }
    m_recent->add(path);
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 4000);
    if (!diagnostics.items.empty()) {
        DiagnosticsDialog dialog(tr("Design Opened With Warnings"),
                                 tr("The design was opened; please review these notes."),
                                 diagnostics, this);
        dialog.exec();
    }
    if (!m_document->embeddedReport().differing.empty()) offerEmbeddedChoice();
    return true;
}

void MainWindow::offerEmbeddedChoice() {
    auto* dialog =
        new EmbeddedEntriesDialog(m_document->embeddedReport(), m_document->displayName(), this);
    connect(dialog, &EmbeddedEntriesDialog::chosen, this, &MainWindow::applyEmbeddedChoice);
    dialog->show();
}

void MainWindow::applyEmbeddedChoice(EmbeddedChoice choice) {
    if (choice == m_document->embeddedChoice()) return;
    QString error;
    // "" = the user catalog the session loaded (INFRAPLAN_USER_CATALOG or the default path).
    if (!m_document->applyEmbeddedChoice(choice, std::string(), &error)) {
        QMessageBox::warning(this, tr("Cannot Import Catalog Entries"), error);
        return;
    }
    if (choice == EmbeddedChoice::import_file) {
        reloadUserCatalog();
        statusBar()->showMessage(tr("Imported the file's entries into your catalog"), 6000);
    } else if (choice == EmbeddedChoice::adopt_local) {
        statusBar()->showMessage(tr("Using your catalog's entries for this design"), 6000);
    }
}

// After an import into the user catalog: the palette and every later document use the
// reloaded session catalog (the document that imported already does).
void MainWindow::adoptSessionCatalog() {
    m_catalog = sessionCatalog();
    m_palette->model()->rebuild(*m_catalog);
}

void MainWindow::reloadUserCatalog() {
    reloadSessionCatalog();
    adoptSessionCatalog();
    m_document->setLocalCatalog(m_catalog);
}

bool MainWindow::saveFile(const QString& path) {
    QString error;
    if (!m_document->save(path, &error)) {
        QMessageBox::warning(this, tr("Cannot Save Design"),
                             tr("Cannot write %1:\n%2").arg(QDir::toNativeSeparators(path), error));
        return false;
    }
    m_recent->add(path);
    m_recovery->clear();
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 4000);
    return true;
}

bool MainWindow::save() {
    return m_document->filePath().isEmpty() ? saveAs() : saveFile(m_document->filePath());
}

bool MainWindow::saveAs() {
    QString suggestion = m_document->filePath();
    if (suggestion.isEmpty()) suggestion = QStringLiteral("design.json");
    QString path = QFileDialog::getSaveFileName(this, tr("Save Design As"), suggestion,
                                                tr("Infraplan designs (*.json)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    return saveFile(path);
}

bool MainWindow::maybeSave() {
    if (!m_document->isModified()) return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved Changes"),
        tr("“%1” has unsaved changes. Save them before closing?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::autosave() {
    if (m_document->isModified()) m_recovery->save(m_document->design(), m_document->filePath());
}

bool MainWindow::offerRecovery() {
    auto recovered = m_recovery->load();
    if (!recovered) return false;
    QMessageBox box(
        QMessageBox::Question, tr("Recover Unsaved Work"),
        tr("Infraplan did not close normally last time. Unsaved work on “%1” from %2 "
           "was kept. Recover it?")
            .arg(recovered->originalPath.isEmpty() ? tr("an untitled design")
                                                   : QFileInfo(recovered->originalPath).fileName(),
                 QLocale().toString(recovered->savedAt.toLocalTime(), QLocale::ShortFormat)),
        QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("recoveryPrompt"));
    QPushButton* recover = box.addButton(tr("Recover"), QMessageBox::AcceptRole);
    box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
    box.setDefaultButton(recover);
    box.exec();
    if (box.clickedButton() != recover) {
        m_recovery->clear();
        return false;
    }
    m_document->newDesign(std::move(recovered->design), recovered->originalPath);
    m_document->markUnsaved();
    statusBar()->showMessage(tr("Recovered unsaved work; save it to keep it."), 8000);
    return true;
}

void MainWindow::showCompare() {
    const QString dir = m_document->filePath().isEmpty()
                            ? QString()
                            : QFileInfo(m_document->filePath()).absolutePath();
    const QString other = QFileDialog::getOpenFileName(
        this, tr("Compare With"), dir, tr("Infraplan designs (*.json);;All files (*)"));
    if (other.isEmpty()) return;
    auto* dialog = new CompareDialog(m_document->design(), m_document->displayName(),
                                     m_document->sharedCatalog(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!dialog->loadOther(other)) {
        delete dialog;
        return;
    }
    dialog->show();
}

void MainWindow::showCompareOf(const QString& a, const QString& b) {
    auto* dialog = new CompareDialog(m_document->design(), m_document->displayName(),
                                     m_document->sharedCatalog(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->chooseVariant(CompareDialog::Side::a, a);
    dialog->chooseVariant(CompareDialog::Side::b, b);
    dialog->show();
}

}  // namespace infraplan::ui
