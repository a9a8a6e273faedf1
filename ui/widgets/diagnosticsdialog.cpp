#include "ui/widgets/diagnosticsdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace infraplan::ui {

DiagnosticsDialog::DiagnosticsDialog(const QString& title, const QString& summary,
                                     const Diagnostics& diagnostics, QWidget* parent)
    : QDialog(parent), m_list(new QTreeWidget(this)) {
    setObjectName(QStringLiteral("diagnosticsDialog"));
    setWindowTitle(title);
    auto* layout = new QVBoxLayout(this);
    auto* header = new QHBoxLayout;
    auto* icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(32, 32));
    auto* text = new QLabel(summary, this);
    text->setWordWrap(true);
    header->addWidget(icon, 0, Qt::AlignTop);
    header->addWidget(text, 1);
    layout->addLayout(header);

    m_list->setHeaderLabels({tr("Where"), tr("Problem")});
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setAccessibleName(tr("Problems found in the file"));
    const QIcon errorIcon = style()->standardIcon(QStyle::SP_MessageBoxCritical);
    const QIcon warningIcon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (const Diagnostic& d : diagnostics.items) {
        auto* row = new QTreeWidgetItem(m_list);
        row->setText(0, d.pointer.empty() ? tr("(whole file)") : QString::fromStdString(d.pointer));
        row->setText(1, QString::fromStdString(d.message));
        row->setToolTip(1, row->text(1));
        row->setIcon(0, d.severity == Diagnostic::Severity::error ? errorIcon : warningIcon);
    }
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(true);
    layout->addWidget(m_list, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* copy = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [diagnostics] {
        QApplication::clipboard()->setText(QString::fromStdString(diagnostics.toString()));
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(720, 360);
}

}  // namespace infraplan::ui
