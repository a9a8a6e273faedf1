// Validation against published measured runs: every row of tests/data/validation/training.csv
// is evaluated as a design (the row's catalog node, layout and framework) through evaluate().
// Each row's id, family, measured and predicted step time, error and split are printed, with
// a summary per split and per family. Held: every published configuration is feasible; on
// the fit rows (Megatron-LM on A100: Narayanan et al. SC'21 Table 1, Korthikanti et al. 2022
// Table 5) median |error| <= 4%, every row within 8%, the Korthikanti rows' mean within 4%.
// The test rows are bounded per family at what the engine achieves now (docs/training-
// engine.md, "Accuracy"), so that a regression fails; the bounds are not the acceptance goal.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/evaluate/evaluate.h"
#include "residuals_check.h"
#include "validation_cases.h"

using namespace infraplan;

namespace {

struct ErrorSummary {
    std::vector<double> errors;  // |relative error|
    void add(double e) { errors.push_back(std::abs(e)); }
    double median() const {
        std::vector<double> s = errors;
        std::sort(s.begin(), s.end());
        if (s.empty()) return 0;
        return s.size() % 2 ? s[s.size() / 2] : 0.5 * (s[s.size() / 2 - 1] + s[s.size() / 2]);
    }
    double mean() const {
        double sum = 0;
        for (double e : errors)
            sum += e;
        return errors.empty() ? 0 : sum / errors.size();
    }
    double max() const {
        return errors.empty() ? 0 : *std::max_element(errors.begin(), errors.end());
    }
    void print(const std::string& name) const {
        qDebug("%-24s %3zu rows: median |error| %5.1f%%, mean %5.1f%%, max %6.1f%%", name.c_str(),
               errors.size(), 100 * median(), 100 * mean(), 100 * max());
    }
};

// What the engine achieves on the test rows of each family (docs/training-engine.md,
// "Accuracy"), with a small margin: median and worst |error|.
struct FamilyBound {
    const char* family;
    double median, max;
};
constexpr FamilyBound kTestBounds[] = {
    {"torchtitan-2024", 0.22, 0.34},
    {"torchtitan-2025", 0.27, 0.29},
    {"mlperf-nvidia", 0.06, 0.25},
    {"mlperf-habana", 0.14, 0.14},
};

}  // namespace

class TestTrainingValidation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void publishedRunsFeasibleAndFitRowsWithinBounds() {
        std::string error;
        const auto cases = validation::loadTrainingCases(error);
        QVERIFY2(error.empty(), error.c_str());
        QVERIFY(cases.size() >= 40);
        const catalog::Catalog& cat = catalog::builtinCatalog();
        std::map<std::string, ErrorSummary> bySplit, byFamily;
        ErrorSummary korthikanti;
        for (const auto& c : cases) {
            const Results r = evaluate(validation::trainingDesign(c), cat);
            QVERIFY2(r.feasible && r.training, (c.id + " is refused although it ran: " +
                                                (r.reasons.empty() ? "" : r.reasons.front()))
                                                   .c_str());
            const double predicted = r.training->step_time_s;
            const double err = (predicted - c.measured_step_s) / c.measured_step_s;
            m_residuals.push_back(residualOf(c, predicted, cat));
            bySplit[c.split].add(err);
            byFamily[c.family + " " + c.split].add(err);
            if (c.family == "megatron-2022") korthikanti.add(err);
            qDebug(
                "%-28s %-16s %-4s measured %8.3f s predicted %8.3f s error %+6.1f%%  MFU %4.1f%%",
                c.id.c_str(), c.family.c_str(), c.split.c_str(), c.measured_step_s, predicted,
                100 * err, 100 * r.training->mfu);
        }
        for (const auto& [name, summary] : bySplit)
            summary.print("split " + name);
        for (const auto& [name, summary] : byFamily)
            summary.print(name);
        const ErrorSummary& fit = bySplit["fit"];
        QVERIFY(fit.errors.size() >= 18);
        QVERIFY2(korthikanti.mean() <= 0.04, "Korthikanti cases: mean error above 4%");
        QVERIFY2(fit.median() <= 0.04, "fit rows: median error above 4%");
        QVERIFY2(fit.max() <= 0.08, "a fit row is off by more than 8%");
        QVERIFY2(bySplit["test"].median() <= 0.16, "test rows: median error above 16%");
        for (const FamilyBound& b : kTestBounds) {
            const ErrorSummary& s = byFamily[std::string(b.family) + " test"];
            const std::string what = std::string(b.family) + " test rows";
            QVERIFY2(!s.errors.empty(), ("no " + what).c_str());
            QVERIFY2(s.median() <= b.median, (what + ": median error above its bound").c_str());
            QVERIFY2(s.max() <= b.max, (what + ": a row beyond its bound").c_str());
        }
    }

    // The error bands' source (core/accuracy/data/residuals-training.csv) is the engine's now.
    void residualsFileMatchesTheEngine() {
        const std::string problem =
            validation::residualsFileProblem(m_residuals, "residuals-training.csv");
        QVERIFY2(problem.empty(), problem.c_str());
    }

private:
    static ValidatedResidual residualOf(const validation::TrainingCase& c, double predicted,
                                        const catalog::Catalog& cat) {
        const catalog::Accelerator* device = cat.accelerator(c.device);
        return {c.id,
                c.split,
                c.family,
                c.device,
                device ? device->vendor : "",
                "step_time_s",
                c.devices,
                c.model.moe.has_value(),
                predicted / c.measured_step_s - 1};
    }

    std::vector<ValidatedResidual> m_residuals;
};

QTEST_GUILESS_MAIN(TestTrainingValidation)
#include "tst_training_validation.moc"
