#pragma once
// File -> Report Settings…: the author and organisation every report's header shows, stored in
// the settings (ui/export/reportsettings.h) when the dialog is accepted.

#include <QDialog>

class QLineEdit;

namespace infraplan::ui {

class ReportSettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ReportSettingsDialog(QWidget* parent = nullptr);

    QLineEdit* authorEdit() const { return m_author; }
    QLineEdit* organisationEdit() const { return m_organisation; }

    // Saves both fields, then closes.
    void accept() override;

private:
    QLineEdit* m_author;
    QLineEdit* m_organisation;
};

}  // namespace infraplan::ui
