#pragma once
// Text a design carries, shown in a widget. A hand-made file may hold a name or description of
// megabytes: laid out whole, one label froze the window for 30 s on every refresh. Such text is
// shown cut, and its field is read-only, so that neither a click nor an edit can lose the rest.

#include <QString>
#include <string>

class QLineEdit;

namespace infraplan::ui {

constexpr int kShownTextLimit = 2000;  // characters laid out at most

bool isTooLongToShow(const std::string& text);
// The text, or its first kShownTextLimit characters and how much was left out.
QString shownText(const std::string& text);
// A line edit holding `text`, from its start; read-only when the text is too long to show.
QLineEdit* textField(const std::string& text);
// The text with zero-width break points after the dots, underscores and slashes of long
// identifiers (economics.cloud_price_usd_per_device_hour): a word-wrapped view breaks only at
// spaces and would clip them.
QString breakableText(const QString& text);

}  // namespace infraplan::ui
