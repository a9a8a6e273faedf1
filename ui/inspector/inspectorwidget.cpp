#include "ui/inspector/inspectorwidget.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

#include "core/design/resolve.h"
#include "ui/app/icons.h"
#include "ui/app/specsummary.h"
#include "ui/app/theme.h"
#include "ui/canvas/designscene.h"
#include "ui/document/designdocument.h"
#include "ui/inspector/specstable.h"
#include "ui/panels/formfields.h"
#include "ui/widgets/longtext.h"

namespace infraplan::ui {
namespace {

template <class Map>
std::vector<std::pair<QString, QString>> entryChoices(const Map& entries) {
    std::vector<std::pair<QString, QString>> out;
    for (const auto& [id, e] : entries)
        out.emplace_back(QString::fromStdString(e.name.empty() ? id : e.name),
                         QString::fromStdString(id));
    return out;
}

std::vector<std::pair<QString, QString>> partChoices(const catalog::Catalog& c, ItemKind kind) {
    switch (kind) {
        case ItemKind::accelerator:
            return entryChoices(c.accelerators());
        case ItemKind::memory:
            return entryChoices(c.memoryNodes());
        case ItemKind::switch_:
            return entryChoices(c.switches());
        case ItemKind::nic:
            return entryChoices(c.nics());
        case ItemKind::node:
            return entryChoices(c.nodes());
        default:
            return {};
    }
}

}  // namespace

InspectorWidget::InspectorWidget(DesignDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_scroll(new QScrollArea(this)) {
    setObjectName(QStringLiteral("inspector"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_scroll);
    // Rebuild after the edit has fully landed (never inside the editor's own signal).
    auto later = [this] { QTimer::singleShot(0, this, &InspectorWidget::rebuild); };
    connect(document, &DesignDocument::designReset, this, [this] { setSelection({}, {}); });
    connect(document, &DesignDocument::itemChanged, this, later);
    connect(document, &DesignDocument::linksChanged, this, later);
    connect(document, &DesignDocument::sectionChanged, this, later);
    connect(document, &DesignDocument::itemRemoved, this, [this, later](const QString& id) {
        m_ids.removeAll(id);
        later();
    });
    rebuild();
}

void InspectorWidget::setLinkLoads(const QHash<QString, LinkLoad>& loads) {
    m_loads = loads;
    if (m_ids.isEmpty() && m_links.size() == 1) rebuild();  // only a link's page shows them
}

void InspectorWidget::setSelection(const QStringList& ids, const std::vector<std::size_t>& links) {
    m_ids = ids;
    m_links = links;
    rebuild();
}

QWidget* InspectorWidget::header(const QString& title, const QString& subtitle, int kind) {
    auto* w = new QWidget;
    auto* row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 6);
    auto* icon = new QLabel(w);
    if (kind >= 0)
        icon->setPixmap(kindTile(static_cast<ItemKind>(kind), 36, devicePixelRatioF()));
    else
        icon->setPixmap(
            kindTile(QStringLiteral("link"), QColor(0x1f, 0x78, 0xd1), 36, devicePixelRatioF()));
    auto* text = new QLabel(
        QStringLiteral("<b style='font-size:11pt'>%1</b><br/><span style='color:%3'>%2</span>")
            .arg(title.toHtmlEscaped(), subtitle.toHtmlEscaped(), theme().mutedText.name()),
        w);
    text->setWordWrap(true);
    row->addWidget(icon);
    row->addWidget(text, 1);
    return w;
}

// Where the keyboard is inside the inspector's page: the field (by accessible name, which every
// editable field has) and the cursor in its text.
struct InspectorWidget::FocusState {
    QString field;
    int cursor = -1;
    int scroll = 0;
};

InspectorWidget::FocusState InspectorWidget::saveFocus() const {
    FocusState state;
    state.scroll = m_scroll->verticalScrollBar()->value();
    QWidget* page = m_scroll->widget();
    QWidget* focused = window()->focusWidget();  // the window keeps it while inactive
    if (!page || !focused || !page->isAncestorOf(focused)) return state;
    for (QWidget* w = focused; w && w != page; w = w->parentWidget())
        if (!w->accessibleName().isEmpty()) {
            state.field = w->accessibleName();
            break;
        }
    QLineEdit* edit = qobject_cast<QLineEdit*>(focused);
    if (!edit) edit = focused->findChild<QLineEdit*>();  // a spin box's editor
    if (edit) state.cursor = edit->cursorPosition();
    return state;
}

void InspectorWidget::restoreFocus(const FocusState& state) {
    m_scroll->verticalScrollBar()->setValue(state.scroll);
    if (state.field.isEmpty()) return;
    for (QWidget* w : m_scroll->widget()->findChildren<QWidget*>()) {
        if (w->accessibleName() != state.field || !w->isEnabled()) continue;
        w->setFocus(Qt::OtherFocusReason);
        QLineEdit* edit = qobject_cast<QLineEdit*>(w);
        if (!edit) edit = w->findChild<QLineEdit*>();  // a spin box's editor
        if (edit && state.cursor >= 0) edit->setCursorPosition(state.cursor);
        return;
    }
}

void InspectorWidget::rebuild() {
    // An edit made here re-evaluates and rebuilds the page: the keyboard stays in its field.
    const FocusState focus = saveFocus();
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setContentsMargins(10, 10, 10, 10);
    const Design& d = m_document->design();
    m_ids.erase(
        std::remove_if(m_ids.begin(), m_ids.end(),
                       [&](const QString& id) { return !m_document->findItem(id.toStdString()); }),
        m_ids.end());
    m_links.erase(std::remove_if(m_links.begin(), m_links.end(),
                                 [&](std::size_t i) { return i >= d.hardware.links.size(); }),
                  m_links.end());
    if (m_ids.size() == 1 && m_links.empty())
        buildItemPage(form, m_ids.front());
    else if (m_ids.isEmpty() && m_links.size() == 1)
        buildLinkPage(form, m_links.front());
    else if (m_ids.isEmpty() && m_links.empty())
        buildDesignPage(form);
    else {
        form->addRow(header(
            tr("%n part(s) selected", nullptr, int(m_ids.size() + qsizetype(m_links.size()))),
            tr("Group them (Ctrl+G), duplicate (Ctrl+D) or delete them."), int(ItemKind::group)));
    }
    m_scroll->setWidget(page);  // deletes the previous page
    restoreFocus(focus);
}

void InspectorWidget::buildDesignPage(QFormLayout* form) {
    const Design& d = m_document->design();
    form->addRow(header(tr("Design"), m_document->displayName(), int(ItemKind::group)));
    auto* name = textField(d.name);
    name->setAccessibleName(tr("design name"));
    connect(name, &QLineEdit::editingFinished, this, [this, name] {
        if (!name->isReadOnly()) m_document->setName(name->text().toStdString());
    });
    form->addRow(tr("Name"), name);
    auto* description = new QLabel(shownText(d.description));
    description->setWordWrap(true);
    form->addRow(tr("Description"), description);
    const DeviceSummary devices = summarizeDevices(d, m_document->catalog());
    form->addRow(tr("Items"), new QLabel(QString::number(d.hardware.items.size())));
    form->addRow(tr("Links"), new QLabel(QString::number(d.hardware.links.size())));
    form->addRow(tr("Accelerators"), new QLabel(formatNumber(double(devices.devices), 9)));
    auto* hint = new QLabel(tr("Select a part on the canvas to see and edit its properties."));
    hint->setWordWrap(true);
    hint->setStyleSheet(QStringLiteral("color: %1;").arg(theme().mutedText.name()));
    form->addRow(hint);
}

void InspectorWidget::buildItemPage(QFormLayout* form, const QString& id) {
    const Design& d = m_document->design();
    const Item* item = m_document->findItem(id.toStdString());
    if (!item) return;
    const QString label = m_document->label(*item);
    form->addRow(header(label, tr("%1 · id %2").arg(kindTitle(item->kind), id), int(item->kind)));
    auto commit = [this, id](const QString& text, auto change) {
        const Item* current = m_document->findItem(id.toStdString());
        if (!current) return;
        Item changed = *current;
        change(changed);
        m_document->setItem(changed, text);
    };
    auto* name = textField(item->name);
    name->setPlaceholderText(label);
    name->setAccessibleName(tr("name"));
    connect(name, &QLineEdit::editingFinished, this, [name, commit, item = *item] {
        if (name->isReadOnly() || name->text().toStdString() == item.name) return;
        commit(tr("Rename “%1”").arg(QString::fromStdString(item.id)),
               [&](Item& i) { i.name = name->text().toStdString(); });
    });
    form->addRow(tr("Name"), name);
    auto* count = intField(
        nullptr, 1, std::numeric_limits<int>::max(), {},
        [commit, label](int v) {
            commit(tr("Set count of “%1” to %2").arg(label).arg(v), [v](Item& i) { i.count = v; });
        },
        tr("count"));
    setQuietly(count, int(std::min<long long>(item->count, count->maximum())));
    count->setPrefix(QStringLiteral("× "));
    form->addRow(tr("Count"), count);
    const auto parts = partChoices(m_document->catalog(), item->kind);
    if (!parts.empty()) {
        auto* part = choiceField(
            nullptr, parts,
            [commit, label](const QString& ref) {
                commit(tr("Change part of “%1”").arg(label),
                       [&](Item& i) { i.ref = ref.toStdString(); });
            },
            tr("catalog part"));
        setQuietly(part, QString::fromStdString(item->ref));
        if (part->currentIndex() < 0)
            part->setPlaceholderText(tr("unknown: %1").arg(QString::fromStdString(item->ref)));
        form->addRow(tr("Part"), part);
    }
    if (item->kind == ItemKind::group) {
        auto* role = choiceField(
            nullptr, {{tr("Server"), "server"}, {tr("Rack"), "rack"}, {tr("Pod"), "pod"}},
            [commit, label](const QString& v) {
                commit(tr("Set role of “%1”").arg(label),
                       [&](Item& i) { i.role = v.toStdString(); });
            },
            tr("group role"));
        setQuietly(role, QString::fromStdString(item->role));
        form->addRow(tr("Role"), role);
    }
    if (item->kind == ItemKind::cpu && item->ref.empty()) {
        auto* power = realField(
            nullptr, 0, 1e5, 0, tr(" W"),
            [commit, label](double v) {
                commit(tr("Set power of “%1”").arg(label), [v](Item& i) { i.power_w = v; });
            },
            tr("power draw"));
        setQuietly(power, item->power_w);
        form->addRow(tr("Power"), power);
    }
    if (item->kind == ItemKind::fabric) buildFabricFields(form, id);
    const Item* parent = m_document->findItem(item->parent);
    form->addRow(tr("Inside"), new QLabel(parent ? m_document->label(*parent) : tr("top level")));
    form->addRow(
        tr("Instances"),
        new QLabel(
            tr("%1 in the whole design").arg(formatNumber(double(totalInstances(d, *item)), 9))));
    if (!item->ref.empty()) {
        auto* specs = new SpecsTable;
        specs->showEntry(m_document->catalog(), item->ref);
        specs->setMinimumHeight(200);
        form->addRow(specs);
    }
}

void InspectorWidget::buildFabricFields(QFormLayout* form, const QString& id) {
    const Item* item = m_document->findItem(id.toStdString());
    if (!item || !item->fabric) return;
    const FabricParams& f = *item->fabric;
    auto commit = [this, id](const QString& text, auto change) {
        const Item* current = m_document->findItem(id.toStdString());
        if (!current || !current->fabric) return;
        Item changed = *current;
        change(*changed.fabric);
        m_document->setItem(changed, text);
    };
    std::vector<std::pair<QString, QString>> topologies;
    for (const char* t :
         {"fat-tree", "rail-optimized", "rail-only", "torus", "dragonfly", "full-mesh"})
        topologies.emplace_back(QString::fromLatin1(t), QString::fromLatin1(t));
    auto* topology = choiceField(
        nullptr, topologies,
        [commit](const QString& v) {
            commit(tr("Set fabric topology"), [&](FabricParams& p) {
                p.topology = fabricTopologyFromString(v.toStdString()).value_or(p.topology);
            });
        },
        tr("topology"));
    setQuietly(topology, QString::fromLatin1(toString(f.topology)));
    form->addRow(tr("Topology"), topology);
    auto* sw = choiceField(
        nullptr, entryChoices(m_document->catalog().switches()),
        [commit](const QString& v) {
            commit(tr("Set fabric switch"),
                   [&](FabricParams& p) { p.switch_ref = v.toStdString(); });
        },
        tr("switch"));
    setQuietly(sw, QString::fromStdString(f.switch_ref));
    form->addRow(tr("Switch"), sw);
    auto* link = choiceField(
        nullptr, entryChoices(m_document->catalog().links()),
        [commit](const QString& v) {
            commit(tr("Set fabric link"), [&](FabricParams& p) { p.link = v.toStdString(); });
        },
        tr("cable type"));
    setQuietly(link, QString::fromStdString(f.link));
    form->addRow(tr("Link"), link);
    auto* tiers = intField(
        nullptr, 1, 3, {},
        [commit](int v) {
            commit(tr("Set fabric tiers to %1").arg(v), [v](FabricParams& p) { p.tiers = v; });
        },
        tr("tiers"));
    setQuietly(tiers, f.tiers);
    form->addRow(tr("Tiers"), tiers);
    auto* over = realField(
        nullptr, 0.1, 16, 2, QStringLiteral(" : 1"),
        [commit](double v) {
            commit(tr("Set oversubscription"), [v](FabricParams& p) { p.oversubscription = v; });
        },
        tr("oversubscription"));
    setQuietly(over, f.oversubscription);
    form->addRow(tr("Oversubscription"), over);
    auto* rails = intField(
        nullptr, 1, 64, {},
        [commit](int v) {
            commit(tr("Set fabric rails to %1").arg(v), [v](FabricParams& p) { p.rails = v; });
        },
        tr("rails"));
    setQuietly(rails, f.rails);
    form->addRow(tr("Rails"), rails);
}

void InspectorWidget::buildLinkPage(QFormLayout* form, std::size_t index) {
    const DesignLink& l = m_document->design().hardware.links[index];
    form->addRow(header(
        tr("Link"),
        QStringLiteral("%1 → %2").arg(QString::fromStdString(l.from), QString::fromStdString(l.to)),
        -1));
    auto commit = [this, index](const QString& text, auto change) {
        if (index >= m_document->design().hardware.links.size()) return;
        DesignLink changed = m_document->design().hardware.links[index];
        change(changed);
        m_document->setLink(index, changed, text);
    };
    auto* type = choiceField(
        nullptr, entryChoices(m_document->catalog().links()),
        [commit](const QString& v) {
            commit(tr("Change link type"), [&](DesignLink& x) { x.ref = v.toStdString(); });
        },
        tr("link type"));
    setQuietly(type, QString::fromStdString(l.ref));
    form->addRow(tr("Type"), type);
    auto* lanes = intField(
        nullptr, 1, 1 << 20, {},
        [commit](int v) {
            commit(tr("Set lanes to %1").arg(v), [v](DesignLink& x) { x.count = v; });
        },
        tr("lanes"));
    setQuietly(lanes, int(std::min<long long>(l.count, lanes->maximum())));
    form->addRow(tr("Lanes"), lanes);
    const LinkLoad load = m_loads.value(DesignScene::linkKey(l.from, l.to));
    auto* utilization = new QLabel(
        load.utilization < 0 ? tr("not loaded") : quantityText(load.utilization, Unit::fraction));
    utilization->setObjectName(QStringLiteral("linkUtilization"));
    form->addRow(tr("Utilization"), utilization);
    auto* why = new QLabel(loadText(load));
    why->setWordWrap(true);
    form->addRow(QString(), why);
    auto* specs = new SpecsTable;
    specs->showEntry(m_document->catalog(), l.ref);
    specs->setMinimumHeight(140);
    form->addRow(specs);
}

}  // namespace infraplan::ui
