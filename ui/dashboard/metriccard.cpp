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
    layout->setContentsMargins(12, 8, 12, 8);
    layout->setSpacing(2);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(8.5);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setStyleSheet(QStringLiteral("color: %1;").arg(t.mutedText.name()));
    QFont valueFont = m_value->font();
    valueFont.setPointSizeF(15);
    valueFont.setBold(true);
    m_value->setFont(valueFont);
    m_value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont captionFont = m_caption->font();
    captionFont.setPointSizeF(8);
    m_caption->setFont(captionFont);
    m_caption->setStyleSheet(QStringLiteral("color: %1;").arg(t.mutedText.name()));
    layout->addWidget(m_title);
    layout->addWidget(m_value);
    layout->addWidget(m_caption);
    setMinimumWidth(132);
    setAccessibleName(title);
    setUnavailable(tr("not modelled yet"));
}

void MetricCard::setValue(const QString& value, const QString& caption) {
    m_hasValue = true;
    m_value->setText(value);
    m_value->setStyleSheet(QStringLiteral("color: %1;").arg(theme().text.name()));
    m_caption->setText(caption.isEmpty() ? m_defaultCaption : caption);
    setAccessibleDescription(value);
}

void MetricCard::setUnavailable(const QString& why) {
    m_hasValue = false;
    m_value->setText(QStringLiteral("—"));
    m_value->setStyleSheet(QStringLiteral("color: %1;").arg(theme().mutedText.name()));
    m_caption->setText(why);
    setAccessibleDescription(why);
}

QString MetricCard::valueText() const {
    return m_value->text();
}

}  // namespace infraplan::ui
