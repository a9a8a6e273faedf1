#include "ui/widgets/embeddeddialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace infraplan::ui {
namespace {

QString valueText(const nlohmann::json& value) {
    if (value.is_null()) return QObject::tr("(not given)");
    return QString::fromStdString(catalog::fieldValueText(value));
}

}  // namespace

EmbeddedEntriesDialog::EmbeddedEntriesDialog(const catalog::EmbeddedReport& report,
                                             const QString& fileName, QWidget* parent)
    : QDialog(parent), m_list(new QTreeWidget(this)) {
    setObjectName(QStringLiteral("embeddedEntriesDialog"));
    setWindowTitle(tr("Catalog Entries Differ"));
    setAttribute(Qt::WA_DeleteOnClose);
    auto* layout = new QVBoxLayout(this);
    auto* text = new QLabel(
        tr("<b>%1</b> carries %n catalog entry(s) that differ from your catalog. The design is "
           "open with the file's values, so it evaluates as it was saved.",
           nullptr, int(report.differing.size()))
            .arg(fileName.toHtmlEscaped()),
        this);
    text->setWordWrap(true);
    layout->addWidget(text);

    m_list->setHeaderLabels({tr("Entry / field"), tr("In the file"), tr("In your catalog")});
    m_list->setAlternatingRowColors(true);
    m_list->setAccessibleName(tr("Differences between the file's entries and your catalog"));
    for (const catalog::EntryDifference& d : report.differing) {
        auto* entry = new QTreeWidgetItem(m_list, {QString::fromStdString(d.id)});
        entry->setToolTip(0, QString::fromStdString(d.pointer));
        for (const catalog::FieldDifference& f : d.fields) {
            auto* row =
                new QTreeWidgetItem(entry, {QString::fromStdString(f.field),
                                            valueText(f.file_value), valueText(f.local_value)});
            row->setToolTip(1, row->text(1));
            row->setToolTip(2, row->text(2));
        }
        entry->setExpanded(true);
    }
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    layout->addWidget(m_list, 1);

    auto* buttons = new QDialogButtonBox(this);
    m_keep = buttons->addButton(tr("Keep the File's Values"), QDialogButtonBox::AcceptRole);
    m_local = buttons->addButton(tr("Use My Catalog's Values"), QDialogButtonBox::ActionRole);
    m_import = buttons->addButton(tr("Import Into My Catalog"), QDialogButtonBox::ActionRole);
    m_keep->setDefault(true);
    m_local->setToolTip(tr("Evaluate with your catalog's entries; saving writes them instead"));
    m_import->setToolTip(tr("Write the file's entries into your user catalog"));
    for (auto [button, choice] : {std::pair{m_keep, EmbeddedChoice::keep_file},
                                  std::pair{m_local, EmbeddedChoice::adopt_local},
                                  std::pair{m_import, EmbeddedChoice::import_file}}) {
        connect(button, &QPushButton::clicked, this, [this, choice] {
            Q_EMIT chosen(choice);
            accept();
        });
    }
    layout->addWidget(buttons);
    resize(720, 400);
}

QPushButton* EmbeddedEntriesDialog::button(EmbeddedChoice choice) const {
    switch (choice) {
        case EmbeddedChoice::keep_file:
            return m_keep;
        case EmbeddedChoice::adopt_local:
            return m_local;
        case EmbeddedChoice::import_file:
            return m_import;
    }
    return m_keep;
}

}  // namespace infraplan::ui
