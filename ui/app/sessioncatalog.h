#pragma once
// The local catalog the GUI works with: the built-in one overlaid by the user's catalog. It is
// loaded once per process and again after an import; evaluations on worker threads hold a
// shared pointer to the one they read, so a reload never pulls it from under them.

#include <QStringList>
#include <memory>

#include "catalog/catalog.h"

namespace infraplan::ui {

std::shared_ptr<const catalog::Catalog> sessionCatalog();
// What loading the user catalog reported (unreadable file, rejected rows); empty when fine.
QStringList sessionCatalogMessages();
// Reads the user catalog again (after entries were imported into it) and returns the result.
std::shared_ptr<const catalog::Catalog> reloadSessionCatalog();

}  // namespace infraplan::ui
