// DesignDocument, part two: the design's named variants (scenarios). Every edit of the list is
// one SetFieldCommand on Design::variants; applying one swaps the whole state (undoable).
#include <QUndoStack>
#include <algorithm>

#include "core/design/variants.h"
#include "ui/document/commands.h"
#include "ui/document/designdocument.h"

namespace infraplan::ui {
namespace {

using Variants = std::vector<Design>;

}  // namespace

void DesignDocument::addVariant(const std::string& name) {
    if (name.empty() || findVariant(m_design, name) || m_design.variants.size() >= kMaxVariants)
        return;
    Variants variants = m_design.variants;
    variants.push_back(variantOf(m_design, name));
    m_undo->push(new SetFieldCommand<Variants>(
        this, &Design::variants, Section::variants, std::move(variants),
        tr("Save variant \"%1\"").arg(QString::fromStdString(name))));
}

void DesignDocument::removeVariant(const std::string& name) {
    Variants variants = m_design.variants;
    const auto kept = std::remove_if(variants.begin(), variants.end(),
                                     [&](const Design& v) { return v.name == name; });
    if (kept == variants.end()) return;
    variants.erase(kept, variants.end());
    m_undo->push(new SetFieldCommand<Variants>(
        this, &Design::variants, Section::variants, std::move(variants),
        tr("Delete variant \"%1\"").arg(QString::fromStdString(name))));
}

bool DesignDocument::renameVariant(const std::string& from, const std::string& to) {
    if (to.empty() || findVariant(m_design, to) || !findVariant(m_design, from)) return false;
    Variants variants = m_design.variants;
    for (Design& v : variants)
        if (v.name == from) v.name = to;
    m_undo->push(new SetFieldCommand<Variants>(
        this, &Design::variants, Section::variants, std::move(variants),
        tr("Rename variant \"%1\" to \"%2\"")
            .arg(QString::fromStdString(from), QString::fromStdString(to))));
    return true;
}

void DesignDocument::applyVariant(const std::string& name) {
    const Design* variant = findVariant(m_design, name);
    if (!variant) return;
    m_undo->push(new ApplyVariantCommand(
        this, *variant, tr("Apply variant \"%1\"").arg(QString::fromStdString(name))));
}

}  // namespace infraplan::ui
