#pragma once
// What a palette drag carries onto the canvas, under Infraplan's private MIME type, and the
// design item it becomes.

#include <QByteArray>
#include <QString>
#include <optional>

#include "catalog/catalog.h"
#include "core/design/design.h"

class QMimeData;

namespace infraplan::ui {

inline constexpr const char* kPartMimeType = "application/x-infraplan-part";

struct PartPayload {
    ItemKind kind = ItemKind::accelerator;
    std::string ref;                         // catalog id ("" for groups, fabrics and generic CPUs)
    std::string role;                        // groups: server | rack | pod
    std::optional<FabricTopology> topology;  // fabrics

    QByteArray encode() const;
    static std::optional<PartPayload> decode(const QByteArray& data);
    static std::optional<PartPayload> fromMime(const QMimeData* mime);
};

// The new design item for a payload, with sensible defaults from the catalog (a fabric gets
// the catalog's first InfiniBand switch and its matching link).
Item makeItem(const PartPayload& payload, const catalog::Catalog& catalog);

}  // namespace infraplan::ui
