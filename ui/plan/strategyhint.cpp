#include "ui/plan/strategyhint.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "core/io/design_json.h"
#include "core/results/format.h"
#include "core/search/strategy_text.h"
#include "ui/app/specsummary.h"
#include "ui/app/theme.h"
#include "ui/document/designdocument.h"
#include "ui/evaluation/evaluator.h"

namespace infraplan::ui {
namespace {

constexpr int kHintDelayMs = 2000;  // after the dashboard settles: not while the user edits

QString hintPercent(double fraction) {
    return QString::number(qRound(fraction * 100));
}

// A dismissed suggestion: the design it was for (designKey) and the strategy's JSON.
QString hintDismissKey(const QString& designKey, const nlohmann::json& strategy) {
    return designKey + QLatin1Char('\n') + QString::fromStdString(strategy.dump());
}

}  // namespace

StrategyHint::StrategyHint(DesignDocument* document, Evaluator* evaluator, QWidget* parent)
    : QFrame(parent)
    , m_document(document)
    , m_text(new QLabel(this))
    , m_apply(new QPushButton(tr("Apply"), this))
    , m_dismiss(new QPushButton(tr("Dismiss"), this)) {
    setObjectName(QStringLiteral("strategyHint"));
    setStyleSheet(QStringLiteral("#strategyHint { border: 1px solid %1; border-radius: 4px; }")
                      .arg(theme().accent.name()));
    setAccessibleName(tr("Suggested strategy"));
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 1, 6, 1);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_apply);
    layout->addWidget(m_dismiss);
    hide();

    m_delay.setSingleShot(true);
    m_delay.setInterval(kHintDelayMs);
    m_options.top = 50;
    m_options.threads = 1;  // a core stays free for the editor and the evaluator
    m_options.max_candidates = 5000;
    m_options.time_budget_s = 20;
    connect(&m_delay, &QTimer::timeout, this, &StrategyHint::startSearch);
    connect(&m_job, &PlanningJobBase::finished, this, &StrategyHint::finish);
    connect(evaluator, &Evaluator::evaluated, this, &StrategyHint::evaluationSettled);
    connect(document, &DesignDocument::contentChanged, this, &StrategyHint::designChanged);
    connect(document, &DesignDocument::designReset, this, &StrategyHint::designChanged);
    connect(m_apply, &QPushButton::clicked, this, &StrategyHint::apply);
    connect(m_dismiss, &QPushButton::clicked, this, &StrategyHint::dismiss);
}

StrategyHint::~StrategyHint() = default;  // m_job cancels the search and waits for it

void StrategyHint::setBudgets(long long max_candidates, double time_budget_s) {
    m_options.max_candidates = max_candidates;
    m_options.time_budget_s = time_budget_s;
}

void StrategyHint::evaluationSettled(const Evaluation& evaluation) {
    if (!evaluation.results.feasible) return;  // the dashboard says why; nothing to improve
    m_current = headlineMetrics(evaluation.results);
    m_delay.start();
}

// The suggestion and a search under way are for the design as it was: drop them.
void StrategyHint::designChanged() {
    m_delay.stop();
    m_job.cancel();
    m_current.reset();
    m_suggestion.reset();
    hide();
}

void StrategyHint::startSearch() {
    if (!m_current) return;
    if (isSearching()) {  // a cancelled search still winding down: try again after it
        m_delay.start();
        return;
    }
    SearchOptions options = m_options;
    options.objective = SearchObjective::time;
    m_job.start([design = m_document->design(), catalog = m_document->sharedCatalog(),
                 options](const CancelToken* token) {
        SearchOptions run = options;
        run.cancel = token;
        return searchStrategies(design, *catalog, run);
    });
}

void StrategyHint::finish() {
    const SearchResult r = m_job.result();
    if (r.cancelled || !m_current) return;  // an edit came first: its evaluation starts anew
    const bool inference = servesInference();
    // Serialised once, not per candidate: the loop runs on the GUI thread.
    const QString design = designKey();
    const nlohmann::json own = strategyToJson(m_document->design().strategy, inference);
    std::vector<const SearchCandidate*> fitting;  // feasible, not dismissed, not the design's own
    for (const SearchCandidate& c : r.best) {
        if (!c.results.feasible) continue;
        const nlohmann::json strategy = strategyToJson(c.strategy, inference);
        if (strategy != own && !m_dismissed.contains(hintDismissKey(design, strategy)))
            fitting.push_back(&c);
    }
    if (!suggestFaster(fitting) && !suggestCheaper(fitting)) Q_EMIT searchSettled(false);
}

// The candidate with the largest gain in step time (training) or goodput (serving), if 5%.
bool StrategyHint::suggestFaster(const std::vector<const SearchCandidate*>& fitting) {
    const HeadlineMetrics& current = *m_current;
    const SearchCandidate* best = nullptr;
    HeadlineMetrics bestFigures;
    double bestGain = kClearGain;
    for (const SearchCandidate* c : fitting) {
        const HeadlineMetrics figures = headlineMetrics(c->results);
        double gain = 0;
        if (current.step_time_s && figures.step_time_s)
            gain = 1 - *figures.step_time_s / *current.step_time_s;
        if (current.goodput_rps && figures.goodput_rps && *current.goodput_rps > 0)
            gain = *figures.goodput_rps / *current.goodput_rps - 1;
        if (gain >= bestGain) {
            best = c;
            bestFigures = figures;
            bestGain = gain;
        }
    }
    if (!best) return false;
    if (current.step_time_s)
        suggest(*best, tr("takes %1% less time per step: %2 instead of %3")
                           .arg(hintPercent(bestGain),
                                quantityText(*bestFigures.step_time_s, Unit::seconds),
                                quantityText(*current.step_time_s, Unit::seconds)));
    else
        suggest(*best, tr("serves %1% more: goodput %2 instead of %3")
                           .arg(hintPercent(bestGain),
                                quantityText(*bestFigures.goodput_rps, Unit::requests_per_s),
                                quantityText(*current.goodput_rps, Unit::requests_per_s)));
    return true;
}

// The cheapest per token of those listed, if it saves 5%.
bool StrategyHint::suggestCheaper(const std::vector<const SearchCandidate*>& fitting) {
    const auto baseCost = m_current->usd_per_million_tokens;
    if (!baseCost || *baseCost <= 0) return false;
    const SearchCandidate* cheapest = nullptr;
    double cost = 0;
    for (const SearchCandidate* c : fitting) {
        const auto candidateCost = headlineMetrics(c->results).usd_per_million_tokens;
        if (candidateCost && (!cheapest || *candidateCost < cost)) {
            cheapest = c;
            cost = *candidateCost;
        }
    }
    if (!cheapest) return false;
    if (cost > (1 - kClearGain) * *baseCost) return false;
    suggest(*cheapest, tr("is %1% cheaper per token: %2 instead of %3")
                           .arg(hintPercent(1 - cost / *baseCost),
                                quantityText(cost, Unit::usd_per_million_tokens),
                                quantityText(*baseCost, Unit::usd_per_million_tokens)));
    return true;
}

void StrategyHint::suggest(const SearchCandidate& better, const QString& why) {
    const bool inference = servesInference();
    m_suggestion = better.strategy;
    m_text->setText(tr("<b>Suggestion:</b> %1 %2.")
                        .arg(QString::fromStdString(describeStrategy(better.strategy, inference))
                                 .toHtmlEscaped(),
                             why.toHtmlEscaped()));
    show();
    Q_EMIT searchSettled(true);
}

bool StrategyHint::apply() {
    if (!m_suggestion) return false;
    const Strategy strategy = *m_suggestion;
    m_document->setStrategy(strategy, tr("Apply Suggested Strategy"));  // hides this
    return true;
}

void StrategyHint::dismiss() {
    if (m_suggestion)
        m_dismissed.insert(
            hintDismissKey(designKey(), strategyToJson(*m_suggestion, servesInference())));
    m_suggestion.reset();
    hide();
}

bool StrategyHint::servesInference() const {
    return m_document->design().workload.mode == WorkloadMode::inference;
}

// The design a suggestion is for, without its layout and strategy: a dismissed suggestion stays
// away until the design changes.
QString StrategyHint::designKey() const {
    Design design = m_document->design();
    design.layout = nlohmann::json::object();
    design.strategy = Strategy{};
    return QString::fromStdString(designToJson(design).dump());
}

}  // namespace infraplan::ui
