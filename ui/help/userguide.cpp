#include "ui/help/userguide.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSplitter>
#include <QTextBrowser>
#include <QUrl>

namespace infraplan::ui {
namespace {

// One place documents live: the folder of docs/*.md and the README beside or above it.
struct GuideFolder {
    QString docs;
    QString readme;
};

QList<GuideFolder> guideFolders(const QString& appDir) {
    // INFRAPLAN_DOCS_FROM_BIN: the installed docs relative to the installed programs;
    // INFRAPLAN_SOURCE_DIR: the source tree this build came from (both from ui/CMakeLists.txt).
    const QString installed = QDir::cleanPath(appDir + QStringLiteral("/" INFRAPLAN_DOCS_FROM_BIN));
    const QString source = QStringLiteral(INFRAPLAN_SOURCE_DIR);
    return {{installed, installed + QStringLiteral("/README.md")},
            {source + QStringLiteral("/docs"), source + QStringLiteral("/README.md")}};
}

QString titleOf(const QString& path) {
    QFile file(path);
    if (file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        for (int i = 0; i < 5 && !file.atEnd(); ++i) {
            const QString line = QString::fromUtf8(file.readLine()).trimmed();
            if (line.startsWith(QLatin1String("# ")))  // as the list shows it: no code marks
                return line.mid(2).remove(QLatin1Char('`')).trimmed();
        }
    }
    return QFileInfo(path).fileName();
}

}  // namespace

QStringList userGuideFolders(const QString& appDir) {
    QStringList folders;
    for (const GuideFolder& folder : guideFolders(appDir))
        folders << folder.docs;
    return folders;
}

QList<GuideDocument> userGuideDocuments(const QString& appDir) {
    for (const GuideFolder& folder : guideFolders(appDir)) {
        const QDir docs(folder.docs);
        const QStringList names = docs.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
        if (names.isEmpty()) continue;
        QList<GuideDocument> documents;
        if (QFileInfo::exists(folder.readme))
            documents.append({titleOf(folder.readme), folder.readme});
        for (const QString& name : names) {
            const QString path = docs.filePath(name);
            if (path != folder.readme) documents.append({titleOf(path), path});
        }
        return documents;
    }
    return {};
}

UserGuideDialog::UserGuideDialog(const QList<GuideDocument>& documents, QWidget* parent)
    : QDialog(parent), m_documents(documents) {
    setWindowTitle(tr("Infraplan User Guide"));
    m_list = new QListWidget(this);
    m_list->setAccessibleName(tr("Documents"));
    for (const GuideDocument& document : m_documents) {
        m_list->addItem(document.title);
        m_list->item(m_list->count() - 1)->setToolTip(document.title);
    }
    m_browser = new QTextBrowser(this);
    m_browser->setOpenExternalLinks(true);  // web links in a browser; links to .md files here
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_list);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 720});
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(splitter);
    resize(1000, 700);
    connect(m_list, &QListWidget::currentRowChanged, this, &UserGuideDialog::showDocument);
    if (m_documents.isEmpty()) {
        m_browser->setPlainText(
            tr("The user guide is not installed: no documents in %1.")
                .arg(userGuideFolders(QCoreApplication::applicationDirPath()).join(tr(" or "))));
    } else {
        m_list->setCurrentRow(0);
    }
}

void UserGuideDialog::showDocument(int row) {
    if (row < 0 || row >= m_documents.size()) return;
    m_browser->setSource(QUrl::fromLocalFile(m_documents[row].path),
                         QTextDocument::MarkdownResource);
}

}  // namespace infraplan::ui
