#include "ui/canvas/linkload.h"

#include <QObject>

#include "ui/app/specsummary.h"
#include "ui/canvas/designscene.h"

namespace infraplan::ui {

QHash<QString, LinkLoad> linkLoads(const nlohmann::json& results) {
    QHash<QString, LinkLoad> loads;
    const nlohmann::json::json_pointer pointer("/network/links");
    if (!results.contains(pointer) || !results.at(pointer).is_array()) return loads;
    for (const auto& l : results.at(pointer)) {
        if (!l.is_object() || !l.value("utilization", nlohmann::json()).is_number()) continue;
        LinkLoad load;
        load.utilization = l["utilization"].get<double>();
        load.collective = QString::fromStdString(l.value("collective", std::string()));
        load.tier = QString::fromStdString(l.value("tier", std::string()));
        load.bytes = l.value("bytes", 0.0);
        load.bandwidth_gb_s = l.value("bandwidth_gb_s", 0.0);
        const QString key = DesignScene::linkKey(l.value("from_item", std::string()),
                                                 l.value("to_item", std::string()));
        if (load.utilization > loads.value(key).utilization) loads[key] = load;
    }
    return loads;
}

QString loadText(const LinkLoad& load) {
    if (load.utilization < 0)
        return QObject::tr(
            "No collective of this workload loads it (or it is not among the "
            "busiest links the network model reports).");
    QString text = QObject::tr("%1 busy during %2")
                       .arg(quantityText(load.utilization, Unit::fraction),
                            load.collective.isEmpty() ? QObject::tr("its busiest collective")
                                                      : load.collective);
    if (load.bytes > 0 && load.bandwidth_gb_s > 0)
        text += QObject::tr(" (%1 at %2 per direction)")
                    .arg(quantityText(load.bytes, Unit::bytes),
                         quantityText(load.bandwidth_gb_s, Unit::gigabytes_per_s));
    text += QObject::tr("; idle between collectives.");
    switch (loadLevel(load.utilization)) {
        case LoadLevel::saturated:
            // The collective's time is set by its most loaded links (at 100 %).
            text += QObject::tr(
                " Red: above 85 % of that collective's time, at or near the link that sets "
                "its pace.");
            break;
        case LoadLevel::high:
            text += QObject::tr(" Amber: above 60 %, close to setting the collective's pace.");
            break;
        case LoadLevel::low:
            break;
    }
    return text;
}

LoadLevel loadLevel(double utilization) {
    if (utilization > 0.85) return LoadLevel::saturated;
    if (utilization > 0.6) return LoadLevel::high;
    return LoadLevel::low;
}

}  // namespace infraplan::ui
