#include "ui/export/reportsettingsdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include "ui/export/reportsettings.h"

namespace infraplan::ui {

ReportSettingsDialog::ReportSettingsDialog(QWidget* parent)
    : QDialog(parent), m_author(new QLineEdit(this)), m_organisation(new QLineEdit(this)) {
    setObjectName(QStringLiteral("reportSettingsDialog"));
    setWindowTitle(tr("Report Settings"));
    const ReportHeader header = reportHeaderFromSettings();
    m_author->setText(header.author);
    m_author->setPlaceholderText(tr("not shown"));
    m_author->setAccessibleName(tr("Report author"));
    m_organisation->setText(header.organisation);
    m_organisation->setPlaceholderText(tr("not shown"));
    m_organisation->setAccessibleName(tr("Report organisation"));

    auto* layout = new QVBoxLayout(this);
    auto* intro =
        new QLabel(tr("The header of every PDF report (File → Export Report, Compare's Export PDF) "
                      "names who prepared it. Leave a field empty to leave it out."),
                   this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    form->addRow(tr("&Prepared by:"), m_author);
    form->addRow(tr("&Organisation:"), m_organisation);
    layout->addLayout(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &ReportSettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(460, sizeHint().height());
}

void ReportSettingsDialog::accept() {
    saveReportHeader({m_author->text(), m_organisation->text()});
    QDialog::accept();
}

}  // namespace infraplan::ui
