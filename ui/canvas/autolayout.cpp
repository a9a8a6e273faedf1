#include "ui/canvas/autolayout.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <unordered_set>
#include <vector>

namespace infraplan::ui {
namespace {

constexpr double kRowGap = 110;  // room for a badge and the links' labels between rows
constexpr double kGap = 60;

enum Tier { spine, leaf, compute, memory, kTiers };

bool isSwitching(ItemKind kind) {
    return kind == ItemKind::switch_ || kind == ItemKind::fabric;
}

// The switches linked to anything that is not a switch: they reach the compute (leaves).
std::unordered_set<std::string> leafSwitches(const Design& design) {
    std::unordered_map<std::string, ItemKind> kinds;
    for (const Item& item : design.hardware.items)
        kinds.emplace(item.id, item.kind);
    auto kindOf = [&](const std::string& id) {
        const auto it = kinds.find(id);
        return it == kinds.end() ? ItemKind::group : it->second;
    };
    std::unordered_set<std::string> leaves;
    for (const DesignLink& link : design.hardware.links) {
        if (isSwitching(kindOf(link.from)) && !isSwitching(kindOf(link.to)))
            leaves.insert(link.from);
        if (isSwitching(kindOf(link.to)) && !isSwitching(kindOf(link.from))) leaves.insert(link.to);
    }
    return leaves;
}

Tier tierOf(const Item& item, const std::unordered_set<std::string>& leaves) {
    if (item.kind == ItemKind::fabric) return spine;  // a generated fabric stands above all
    if (item.kind == ItemKind::switch_) return leaves.count(item.id) ? leaf : spine;
    if (item.kind == ItemKind::memory) return memory;
    return compute;
}

}  // namespace

std::unordered_map<std::string, QPointF> tieredLayout(const Design& design, const CardSize& size) {
    const std::unordered_set<std::string> leaves = leafSwitches(design);
    std::array<std::vector<const Item*>, kTiers> rows;
    for (const Item& item : design.hardware.items)
        if (item.parent.empty()) rows[tierOf(item, leaves)].push_back(&item);
    std::unordered_map<std::string, QPointF> out;
    double y = 0;
    for (const auto& row : rows) {
        if (row.empty()) continue;
        double total = -kGap, height = 0;
        for (const Item* item : row) {
            const QSizeF card = size(*item);
            total += card.width() + kGap;
            height = std::max(height, card.height());
        }
        double x = -total / 2;
        for (const Item* item : row) {
            out.emplace(item->id, QPointF(std::round(x / 20) * 20, y));
            x += size(*item).width() + kGap;
        }
        y += std::round((height + kRowGap) / 20) * 20;
    }
    return out;
}

}  // namespace infraplan::ui
