#include "ui/plan/stalebanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "ui/app/theme.h"
#include "ui/document/designdocument.h"

namespace infraplan::ui {

StaleBanner::StaleBanner(DesignDocument* document, Scope scope, const QString& rerunText,
                         QWidget* parent)
    : QFrame(parent)
    , m_document(document)
    , m_scope(scope)
    , m_text(new QLabel(this))
    , m_rerun(new QPushButton(rerunText, this)) {
    setObjectName(QStringLiteral("staleBanner"));
    const Theme& t = theme();
    setStyleSheet(QStringLiteral("#staleBanner { border: 1px solid %1; border-radius: 4px; }")
                      .arg(t.warn.name()));
    m_text->setWordWrap(true);
    m_text->setText(
        tr("<span style='color:%1'>▲</span> <b>These results are for an earlier design.</b> "
           "The design has changed since they were computed.")
            .arg(t.warn.name()));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_rerun);
    setAccessibleName(tr("Results are out of date"));
    hide();

    connect(m_rerun, &QPushButton::clicked, this, &StaleBanner::rerunRequested);
    connect(document, &DesignDocument::contentChanged, this, &StaleBanner::recheck);
    connect(document, &DesignDocument::designReset, this, &StaleBanner::recheck);
}

void StaleBanner::markCurrent() {
    m_current = planInputs(m_document->design(), m_scope);
    recheck();
}

void StaleBanner::recheck() {
    const bool stale = m_current && planInputs(m_document->design(), m_scope) != *m_current;
    setVisible(stale);
    if (stale == m_stale) return;
    m_stale = stale;
    Q_EMIT staleChanged(stale);
}

}  // namespace infraplan::ui
