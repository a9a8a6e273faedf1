#include "ui/dashboard/metriccard.h"

#include <QLabel>
#include <QVBoxLayout>

#include "ui/app/theme.h"

namespace infraplan::ui {

MetricCard::MetricCard(const QString& title, const QString& caption, QWidget* parent)
    : QFrame(parent)
    , m_title(new QLabel(title, this))
    , m_value(new QLabel(this))
    , m_caption(new QLabel(caption, this))
    , m_defaultCaption(caption) {
    setObjectName(QStringLiteral("metricCard"));
    setFrameShape(QFrame::StyledPanel);
    const Theme& t = theme();
    setStyleSheet(
        QStringLiteral("#metricCard { background: %1; border: 1px solid %2; border-radius: 8px; }")
            .arg(t.card.name(), t.cardBorder.name()));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 5, 10, 5);
    layout->setSpacing(0);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(8.5);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setStyleSheet(QStringLiteral("color: %1;").arg(t.mutedText.name()));
    QFont valueFont = m_value->font();
    valueFont.setPointSizeF(12);
    valueFont.setBold(true);
    m_value->setFont(valueFont);
    m_value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont captionFont = m_caption->font();
    captionFont.setPointSizeF(8);
    m_caption->setFont(captionFont);
    m_caption->setWordWrap(true);  // "highest rate within the SLO; 12 requests/s offered"
    m_caption->setStyleSheet(QStringLiteral("color: %1;").arg(t.mutedText.name()));
    layout->addWidget(m_title);
    layout->addWidget(m_value);
    layout->addWidget(m_caption);
    setMinimumWidth(kMinimumWidth);
    setAccessibleName(title);
    setUnavailable(tr("not evaluated yet"));
}

void MetricCard::setValue(const QString& value, const QString& caption, const QString& detail) {
    m_hasValue = true;
    m_value->setText(value);
    m_value->setStyleSheet(QStringLiteral("color: %1;").arg(theme().text.name()));
    m_caption->setText(caption.isEmpty() ? m_defaultCaption : caption);
    // The range's basis on the value and caption; the card's own tooltip (its meaning) otherwise.
    m_value->setToolTip(detail);
    m_caption->setToolTip(detail);
    setAccessibleDescription(value);
}

void MetricCard::setUnavailable(const QString& why, const QString& detail) {
    m_hasValue = false;
    m_value->setText(QStringLiteral("—"));
    m_value->setStyleSheet(QStringLiteral("color: %1;").arg(theme().mutedText.name()));
    m_caption->setText(why);
    // The labels' own tooltips win over the card's (its meaning) while there is no value.
    m_value->setToolTip(detail);
    m_caption->setToolTip(detail);
    setAccessibleDescription(detail.isEmpty() ? why : why + QStringLiteral(": ") + detail);
}

QString MetricCard::valueText() const {
    return m_value->text();
}

QString MetricCard::captionText() const {
    return m_caption->text();
}

}  // namespace infraplan::ui
