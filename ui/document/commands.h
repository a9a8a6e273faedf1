#pragma once
// The undo commands: every edit of a design is one of these, pushed by DesignDocument. They
// call only the document's apply* mutations; a removal owns what it removed until undone.

#include <QHash>
#include <QPointF>
#include <QUndoCommand>
#include <utility>
#include <vector>

#include "ui/document/designdocument.h"

namespace infraplan::ui {

enum CommandId { kMoveCommandId = 1 };

// Adds items (in order: a group before its children), their layout and links among them.
class AddItemsCommand : public QUndoCommand {
public:
    AddItemsCommand(DesignDocument* document, std::vector<Item> items,
                    std::vector<DesignLink> links, QHash<QString, QPointF> positions,
                    const QString& text, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    DesignDocument* m_document;
    std::vector<Item> m_items;
    std::vector<DesignLink> m_links;
    QHash<QString, QPointF> m_positions;
    std::size_t m_firstLink = 0;
};

// Removes items (and everything inside removed groups) and links: the links touching removed
// items go with them. Owns the removed parts, with their indices, to restore them exactly.
class RemoveCommand : public QUndoCommand {
public:
    RemoveCommand(DesignDocument* document, QStringList ids, std::vector<std::size_t> links,
                  QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

    // What the last redo removed (for tests and for the undo text).
    std::size_t removedItemCount() const { return m_removedItems.size(); }
    std::size_t removedLinkCount() const { return m_removedLinks.size(); }

private:
    struct RemovedItem {
        std::size_t index;
        Item item;
        nlohmann::json layout;
    };
    DesignDocument* m_document;
    QStringList m_ids;
    std::vector<std::size_t> m_linkIndices;
    std::vector<RemovedItem> m_removedItems;                         // in removal order
    std::vector<std::pair<std::size_t, DesignLink>> m_removedLinks;  // in removal order
};

// Moves items on the canvas (layout only). Consecutive moves of the same items merge.
class MoveItemsCommand : public QUndoCommand {
public:
    MoveItemsCommand(DesignDocument* document, QHash<QString, QPointF> from,
                     QHash<QString, QPointF> to, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override { return kMoveCommandId; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    void apply(const QHash<QString, QPointF>& positions);
    DesignDocument* m_document;
    QHash<QString, QPointF> m_from;
    QHash<QString, QPointF> m_to;
};

// Replaces one item's fields (name, count, ref, parent, fabric parameters, ...).
class SetItemCommand : public QUndoCommand {
public:
    SetItemCommand(DesignDocument* document, Item changed, const QString& text,
                   QUndoCommand* parent = nullptr);
    void redo() override { swap(); }
    void undo() override { swap(); }

private:
    void swap();
    DesignDocument* m_document;
    Item m_other;  // the value to put in on the next redo/undo
};

class SetLinkCommand : public QUndoCommand {
public:
    SetLinkCommand(DesignDocument* document, std::size_t index, DesignLink changed,
                   const QString& text, QUndoCommand* parent = nullptr);
    void redo() override { swap(); }
    void undo() override { swap(); }

private:
    void swap();
    DesignDocument* m_document;
    std::size_t m_index;
    DesignLink m_other;
};

// Sets one whole section of the design (name, workload, strategy, facility, economics): one
// template makes every panel edit undoable in a line (after LabPlot's command templates).
template <class T>
class SetFieldCommand : public QUndoCommand {
public:
    SetFieldCommand(DesignDocument* document, T Design::*field, Section section, T value,
                    const QString& text, QUndoCommand* parent = nullptr)
        : QUndoCommand(text, parent)
        , m_document(document)
        , m_field(field)
        , m_section(section)
        , m_other(std::move(value)) {}
    void redo() override { swap(); }
    void undo() override { swap(); }

private:
    void swap() {
        std::swap(m_document->mutableDesign().*m_field, m_other);
        m_document->notifySectionChanged(m_section);
    }
    DesignDocument* m_document;
    T Design::*m_field;
    Section m_section;
    T m_other;
};

// Puts a variant's state (hardware, workload, strategy, facility, economics, layout) in place
// of the design's; undo puts the old one back. The variants themselves do not change.
class ApplyVariantCommand : public QUndoCommand {
public:
    ApplyVariantCommand(DesignDocument* document, Design state, const QString& text,
                        QUndoCommand* parent = nullptr);
    void redo() override { swap(); }
    void undo() override { swap(); }

private:
    void swap();
    DesignDocument* m_document;
    Design m_state;  // the state to put in on the next redo/undo
};

// Collapses or expands a group on the canvas (layout only).
class SetCollapsedCommand : public QUndoCommand {
public:
    SetCollapsedCommand(DesignDocument* document, QString id, bool collapsed,
                        QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    DesignDocument* m_document;
    QString m_id;
    bool m_collapsed;
};

}  // namespace infraplan::ui
