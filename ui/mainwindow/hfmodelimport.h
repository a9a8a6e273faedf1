#pragma once
// File -> Import Model from Hugging Face config.json…: the config becomes a model entry of the
// user catalog (the same validated import as `infraplan-cli catalog import config.json`), and
// the open design's workload selects it in one undoable step.

#include <QString>
#include <string>

class QWidget;

namespace infraplan::ui {

class DesignDocument;

// Import `configPath` into the user catalog at `userCatalog` ("" = the session's), reload the
// document's catalog and select the model. False, with `error`, when the file is refused
// (nothing is written then).
bool importHfModel(const QString& configPath, const std::string& userCatalog,
                   DesignDocument& document, QString* error);

// Asks for the file, imports it and says in a message box what went wrong. True when a model
// was imported (the session catalog was then reloaded: sessionCatalog() has it).
bool importHfModelInteractively(QWidget* parent, DesignDocument& document);

}  // namespace infraplan::ui
