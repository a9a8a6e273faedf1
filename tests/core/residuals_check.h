#pragma once
// The validation tests' check of core/accuracy/data/residuals-*.csv (the error bands' source):
// the compiled-in residuals of the tested metrics must be the engine's residuals now. Setting
// INFRAPLAN_WRITE_RESIDUALS=<path> writes the current ones there (the file to commit).

#include <QtTest>

#include <cmath>
#include <fstream>
#include <set>

#include "core/accuracy/validated_residuals.h"

namespace infraplan::validation {

// "" when `now` matches the compiled-in rows of the same metrics, else the first difference.
inline std::string residualsMismatch(const std::vector<ValidatedResidual>& now) {
    std::set<std::string> metrics;
    for (const ValidatedResidual& r : now)
        metrics.insert(r.metric);
    std::vector<const ValidatedResidual*> stored;
    for (const ValidatedResidual& r : validatedResiduals())
        if (metrics.count(r.metric)) stored.push_back(&r);
    if (stored.size() != now.size())
        return std::to_string(stored.size()) + " rows compiled in, " + std::to_string(now.size()) +
               " evaluated";
    for (std::size_t i = 0; i < now.size(); ++i) {
        const ValidatedResidual& a = now[i];
        const ValidatedResidual& b = *stored[i];
        const bool same = a.id == b.id && a.split == b.split && a.family == b.family &&
                          a.device == b.device && a.vendor == b.vendor && a.metric == b.metric &&
                          a.devices == b.devices && a.moe == b.moe &&
                          std::abs(a.residual - b.residual) <= 0.002;
        if (!same)
            return a.id + ": residual " + std::to_string(a.residual) + " now, " + b.id + " " +
                   std::to_string(b.residual) + " compiled in";
    }
    return "";
}

// What the validation tests assert of core/accuracy/data/`file`: "" when `now` matches it (or
// was written to $INFRAPLAN_WRITE_RESIDUALS on request), else why and how to refresh it.
inline std::string residualsFileProblem(const std::vector<ValidatedResidual>& now,
                                        const std::string& file) {
    if (now.empty()) return "no residuals evaluated";
    const QByteArray path = qgetenv("INFRAPLAN_WRITE_RESIDUALS");
    if (!path.isEmpty()) {
        std::ofstream(path.toStdString(), std::ios::binary) << residualsCsv(now);
        qInfo("wrote %zu residuals to %s", now.size(), path.constData());
        return "";
    }
    const std::string mismatch = residualsMismatch(now);
    if (mismatch.empty()) return "";
    return "core/accuracy/data/" + file + " is stale (" + mismatch +
           "): rerun with INFRAPLAN_WRITE_RESIDUALS=<that file> and commit it";
}

}  // namespace infraplan::validation
