#pragma once
// The catalog the GUI works with: the built-in one overlaid by the user's catalog, loaded once
// per process (evaluations on worker threads read it, so it must outlive every window).

#include <QStringList>

#include "catalog/catalog.h"

namespace infraplan::ui {

const catalog::Catalog& sessionCatalog();
// What loading the user catalog reported (unreadable file, rejected rows); empty when fine.
QStringList sessionCatalogMessages();

}  // namespace infraplan::ui
