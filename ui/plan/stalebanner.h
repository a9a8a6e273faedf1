#pragma once
// The banner a planning dialog shows when the design has changed since its results were
// computed: "These results are for an earlier design" with a button that runs it again. It
// compares what the results depend on (the design without its name, layout and, for a search,
// its strategy), so an edit that is undone makes the results current again.

#include <QFrame>
#include <nlohmann/json.hpp>
#include <optional>

#include "ui/plan/planinputs.h"

class QLabel;
class QPushButton;

namespace infraplan::ui {

class DesignDocument;

class StaleBanner : public QFrame {
    Q_OBJECT
public:
    // Whether the results depend on the design's strategy (a sensitivity does, a search not).
    using Scope = PlanScope;
    StaleBanner(DesignDocument* document, Scope scope, const QString& rerunText,
                QWidget* parent = nullptr);

    // The results now shown are for the design as it is.
    void markCurrent();
    bool isStale() const { return m_stale; }
    QPushButton* rerunButton() const { return m_rerun; }

Q_SIGNALS:
    void staleChanged(bool stale);
    void rerunRequested();

private:
    void recheck();

    DesignDocument* m_document;
    Scope m_scope;
    QLabel* m_text;
    QPushButton* m_rerun;
    std::optional<nlohmann::json> m_current;  // the inputs of the results shown
    bool m_stale = false;
};

}  // namespace infraplan::ui
