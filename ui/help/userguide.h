#pragma once
// Help > User Guide: the project's documents (README.md and docs/*.md) rendered from Markdown
// in a dialog with a list of them, so no browser is needed. An installation has them in
// share/infraplan/docs (installers/install_layout.cmake); a program run from a build folder
// reads them from the source tree.
#include <QDialog>
#include <QList>
#include <QString>

class QListWidget;
class QTextBrowser;

namespace infraplan::ui {

struct GuideDocument {
    QString title;  // the document's first "# " heading, else its file name
    QString path;
};

// The documents, README first then docs by file name, found beside the program at `appDir`
// (the installed layout) or else in the source tree; empty when neither has them.
QList<GuideDocument> userGuideDocuments(const QString& appDir);

// Where userGuideDocuments looks, in order, for messages.
QStringList userGuideFolders(const QString& appDir);

class UserGuideDialog : public QDialog {
    Q_OBJECT
public:
    explicit UserGuideDialog(const QList<GuideDocument>& documents, QWidget* parent = nullptr);

    QListWidget* documentList() const { return m_list; }
    QTextBrowser* browser() const { return m_browser; }

private:
    void showDocument(int row);

    QList<GuideDocument> m_documents;
    QListWidget* m_list = nullptr;
    QTextBrowser* m_browser = nullptr;
};

}  // namespace infraplan::ui
