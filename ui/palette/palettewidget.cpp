#include "ui/palette/palettewidget.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>
#include <functional>

#include "ui/canvas/partpayload.h"
#include "ui/palette/palettemodel.h"

namespace infraplan::ui {
namespace {

// Matches the search text against name, id and specs, and the chosen kind.
class PaletteFilter : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    void setKind(const QString& kind) {
        m_kind = kind;
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override {
        const QModelIndex index = sourceModel()->index(row, 0, parent);
        if (!m_kind.isEmpty() && index.data(PaletteModel::CategoryRole).toString() != m_kind)
            return false;
        if (filterRegularExpression().pattern().isEmpty()) return true;
        // Folders show when one of their parts matches (recursive filtering).
        const QString search = index.data(PaletteModel::SearchRole).toString();
        return !search.isEmpty() && search.contains(filterRegularExpression());
    }

private:
    QString m_kind;
};

}  // namespace

PaletteWidget::PaletteWidget(const catalog::Catalog& catalog, QWidget* parent)
    : QWidget(parent)
    , m_model(new PaletteModel(catalog, this))
    , m_proxy(new PaletteFilter(this))
    , m_search(new QLineEdit(this))
    , m_kind(new QComboBox(this))
    , m_tree(new QTreeView(this)) {
    setObjectName(QStringLiteral("palette"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(6);
    m_search->setPlaceholderText(tr("Search parts (name, id, spec)…"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search parts"));
    m_kind->setAccessibleName(tr("Filter parts by kind"));
    const std::pair<QString, QString> kinds[] = {
        {tr("All kinds"), {}},
        {tr("Accelerators"), QStringLiteral("accelerator")},
        {tr("Node templates"), QStringLiteral("node")},
        {tr("Memory"), QStringLiteral("memory")},
        {tr("Switches"), QStringLiteral("switch")},
        {tr("NICs and CPUs"), QStringLiteral("nic")},
        {tr("Fabrics"), QStringLiteral("fabric")},
        {tr("Groups"), QStringLiteral("group")},
        {tr("Link types"), QStringLiteral("link")}};
    for (const auto& [title, key] : kinds)
        m_kind->addItem(title, key);
    layout->addWidget(m_search);
    layout->addWidget(m_kind);

    m_proxy->setSourceModel(m_model);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_tree->setModel(m_proxy);
    m_tree->setHeaderHidden(true);
    m_tree->setDragEnabled(true);
    m_tree->setDragDropMode(QAbstractItemView::DragOnly);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setIconSize(QSize(20, 20));
    m_tree->setUniformRowHeights(true);
    m_tree->setAnimated(true);
    m_tree->setAccessibleName(tr("Catalog parts"));
    m_tree->expandAll();
    layout->addWidget(m_tree, 1);

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString& text) {
        // A search covers every kind: a kind chosen before would hide what is typed for.
        if (!text.isEmpty() && m_kind->currentIndex() != 0) {
            const QSignalBlocker blocker(m_kind);
            m_kind->setCurrentIndex(0);
        }
        applyFilter();
    });
    connect(m_kind, &QComboBox::currentIndexChanged, this, &PaletteWidget::applyFilter);
    connect(m_tree, &QTreeView::doubleClicked, this, [this](const QModelIndex& index) {
        const QString ref = index.data(PaletteModel::LinkRole).toString();
        if (!ref.isEmpty()) Q_EMIT linkTypeChosen(ref);
    });
}

void PaletteWidget::applyFilter() {
    static_cast<PaletteFilter*>(m_proxy)->setKind(m_kind->currentData().toString());
    m_proxy->setFilterFixedString(m_search->text());
    m_tree->expandAll();
}

QModelIndex PaletteWidget::findPart(const QString& key) const {
    QModelIndexList hits;
    std::function<void(const QModelIndex&)> collect = [&](const QModelIndex& parent) {
        for (int row = 0; row < m_proxy->rowCount(parent); ++row) {
            const QModelIndex index = m_proxy->index(row, 0, parent);
            hits << index;
            collect(index);
        }
    };
    collect({});
    for (const QModelIndex& index : hits) {
        const auto payload =
            PartPayload::decode(index.data(PaletteModel::PayloadRole).toByteArray());
        if (!payload) continue;
        QString k = QString::fromStdString(payload->ref);
        if (payload->kind == ItemKind::group)
            k = QStringLiteral("group:") + QString::fromStdString(payload->role);
        if (payload->topology)
            k = QStringLiteral("fabric:") + QString::fromLatin1(toString(*payload->topology));
        if (payload->kind == ItemKind::cpu && payload->ref.empty()) k = QStringLiteral("cpu");
        if (k == key) return index;
    }
    return {};
}

}  // namespace infraplan::ui
