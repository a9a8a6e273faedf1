#pragma once
// The load the network model found on a design link (results `network.links`), for the link's
// colour, its tooltip and the inspector: how busy it is during the collective that loads it
// most, and why that colour. Several model links (lanes, generated switches) can map to one
// design link; the busiest stands for it.

#include <QHash>
#include <QString>
#include <nlohmann/json.hpp>

namespace infraplan::ui {

struct LinkLoad {
    double utilization = -1;  // busy time / the collective's time; < 0 = not loaded
    QString collective;       // "dp all-reduce"
    QString tier;             // "nic", "leaf-spine"
    double bytes = 0;         // in its busier direction, during that collective
    double bandwidth_gb_s = 0;
};

// How busy a link reads: saturated (red) above 85 % of its collective's time, high (amber)
// above 60 %; the canvas colour and the tooltip use the same levels.
enum class LoadLevel { low, high, saturated };
LoadLevel loadLevel(double utilization);

// By DesignScene::linkKey of the two design items.
QHash<QString, LinkLoad> linkLoads(const nlohmann::json& results);
// "92 % busy during dp all-reduce (1.2 GB at 50 GB/s per direction); idle between
// collectives. Red: above 85 % of that collective's time, at or near the link that sets
// its pace."
QString loadText(const LinkLoad& load);

}  // namespace infraplan::ui
