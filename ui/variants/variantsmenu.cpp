#include "ui/variants/variantsmenu.h"

#include <QInputDialog>
#include <QMessageBox>

#include "core/design/variants.h"
#include "ui/document/designdocument.h"

namespace infraplan::ui {

QString suggestedVariantName(const Design& design) {
    const Strategy& s = design.strategy;
    QStringList parts{QStringLiteral("TP %1").arg(s.tp)};
    if (s.pp > 1) parts << QStringLiteral("PP %1").arg(s.pp);
    if (design.workload.mode == WorkloadMode::inference) {
        if (s.ep > 1) parts << QStringLiteral("EP %1").arg(s.ep);
        if (s.replicas > 0) parts << QObject::tr("%n replicas", nullptr, s.replicas);
        parts << QObject::tr("batch %1").arg(s.max_batch);
    } else {
        if (s.dp > 0) parts << QStringLiteral("DP %1").arg(s.dp);
        if (s.cp > 1) parts << QStringLiteral("CP %1").arg(s.cp);
        if (s.ep > 1) parts << QStringLiteral("EP %1").arg(s.ep);
    }
    const std::string stem = parts.join(QStringLiteral(" · ")).toStdString();
    return QString::fromStdString(uniqueVariantName(design, stem));
}

VariantsMenu::VariantsMenu(DesignDocument* document, QWidget* parent)
    : QMenu(tr("&Variants"), parent)
    , m_document(document)
    // Owned by the window, not the menu: rebuild()'s clear() deletes the menu's own actions.
    , m_newVariant(new QAction(tr("&New Variant from Current…"), parent))
    , m_compare(new QAction(tr("&Compare Variants…"), parent)) {
    setObjectName(QStringLiteral("variantsMenu"));
    m_newVariant->setObjectName(QStringLiteral("newVariant"));
    m_newVariant->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_newVariant->setStatusTip(
        tr("Keep the design as it is now (hardware, workload, strategy, facility) under a name"));
    connect(m_newVariant, &QAction::triggered, this, &VariantsMenu::newVariantInteractively);
    m_compare->setObjectName(QStringLiteral("compareVariants"));
    m_compare->setStatusTip(tr("Put the design and its variants side by side"));
    connect(m_compare, &QAction::triggered, this, [this] {
        const auto& variants = m_document->design().variants;
        Q_EMIT compareRequested(
            QString(), variants.empty() ? QString() : QString::fromStdString(variants[0].name));
    });
    connect(this, &QMenu::aboutToShow, this, &VariantsMenu::rebuild);
    rebuild();
}

void VariantsMenu::rebuild() {
    // clear() leaves the submenus (children of this menu) alive: they go first.
    qDeleteAll(findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly));
    clear();
    addAction(m_newVariant);
    addAction(m_compare);
    addSeparator();
    const auto& variants = m_document->design().variants;
    m_compare->setEnabled(!variants.empty());
    if (variants.empty()) {
        QAction* none = addAction(tr("No variants yet"));
        none->setEnabled(false);
        return;
    }
    for (const Design& v : variants)
        addVariantSubmenu(QString::fromStdString(v.name));
}

void VariantsMenu::addVariantSubmenu(const QString& name) {
    // A variant's name is the user's text: "&" in it is no mnemonic.
    QMenu* menu = addMenu(QString(name).replace(QLatin1Char('&'), QLatin1String("&&")));
    menu->setObjectName(QStringLiteral("variant:") + name);
    const std::string id = name.toStdString();
    QAction* apply =
        menu->addAction(tr("&Apply"), this, [this, id] { m_document->applyVariant(id); });
    apply->setObjectName(QStringLiteral("applyVariant"));
    apply->setStatusTip(tr("Make the variant the design's state (Undo goes back)"));
    menu->addAction(tr("&Compare with Current"), this,
                    [this, name] { Q_EMIT compareRequested(QString(), name); })
        ->setObjectName(QStringLiteral("compareVariant"));
    menu->addAction(tr("&Rename…"), this, [this, name] { renameInteractively(name); })
        ->setObjectName(QStringLiteral("renameVariant"));
    menu->addAction(tr("&Delete"), this, [this, id] { m_document->removeVariant(id); })
        ->setObjectName(QStringLiteral("deleteVariant"));
}

void VariantsMenu::newVariantInteractively() {
    const Design& design = m_document->design();
    if (design.variants.size() >= kMaxVariants) {
        QMessageBox::information(
            parentWidget(), tr("New Variant"),
            tr("The design holds %1 variants, the most a file keeps.").arg(kMaxVariants));
        return;
    }
    bool ok = false;
    const QString name = QInputDialog::getText(parentWidget(), tr("New Variant"),
                                               tr("Keep the design as it is now under the name:"),
                                               QLineEdit::Normal, suggestedVariantName(design), &ok)
                             .trimmed();
    if (!ok || name.isEmpty()) return;
    const std::string id = uniqueVariantName(design, name.toStdString());
    m_document->addVariant(id);
}

void VariantsMenu::renameInteractively(const QString& name) {
    bool ok = false;
    const QString to = QInputDialog::getText(parentWidget(), tr("Rename Variant"), tr("New name:"),
                                             QLineEdit::Normal, name, &ok)
                           .trimmed();
    if (!ok || to.isEmpty() || to == name) return;
    if (!m_document->renameVariant(name.toStdString(), to.toStdString()))
        QMessageBox::information(parentWidget(), tr("Rename Variant"),
                                 tr("Another variant is named \"%1\".").arg(to));
}

}  // namespace infraplan::ui
