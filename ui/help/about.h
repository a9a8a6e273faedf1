#pragma once
// Help > About Infraplan: the text of the About box.
#include <QString>

namespace infraplan::ui {

// Rich text naming the version (INFRAPLAN_VERSION, the CMake project version), what the
// program does, the Qt it runs on and the license.
QString aboutText();

}  // namespace infraplan::ui
