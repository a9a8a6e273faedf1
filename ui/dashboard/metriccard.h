#pragma once
// One headline number on the dashboard: title, value with unit, caption. A card without a
// value says why (its caption, and when the field is present in its tooltip) rather than
// showing a number nobody computed.

#include <QFrame>

class QLabel;

namespace infraplan::ui {

class MetricCard : public QFrame {
    Q_OBJECT
public:
    static constexpr int kMinimumWidth = 172;  // px; the dashboard sizes its card columns by it

    MetricCard(const QString& title, const QString& caption, QWidget* parent = nullptr);
    void setValue(const QString& value, const QString& caption = {}, const QString& detail = {});
    void setUnavailable(const QString& why, const QString& detail = {});
    QString valueText() const;
    QString captionText() const;
    bool hasValue() const { return m_hasValue; }

private:
    QLabel* m_title;
    QLabel* m_value;
    QLabel* m_caption;
    QString m_defaultCaption;
    bool m_hasValue = false;
};

}  // namespace infraplan::ui
