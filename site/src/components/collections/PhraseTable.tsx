/**
 * The numbered phrase table of a collection (spec §2.10). View mode: a row click (or its button) searches the
 * phrase. Edit mode: rows drag to reorder with the mouse, touch or keyboard (dnd-kit sortable: focus the handle,
 * Space to pick up, arrows to move, Space to drop), each row has Remove.
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'

export interface PhraseTableProps {
  phrases: string[]
  editing: boolean
  busy: boolean
  onSearch(phrase: string): void
  onRemove(index: number): void
  onReorder(next: string[]): void
}

export function PhraseTable({ phrases, editing, busy, onSearch, onRemove, onReorder }: PhraseTableProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )

  function dragEnd(event: DragEndEvent) {
    const { active, over } = event
    if (!over || active.id === over.id) return
    const from = phrases.indexOf(String(active.id))
    const to = phrases.indexOf(String(over.id))
    if (from < 0 || to < 0) return
    onReorder(arrayMove(phrases, from, to))
  }

  const rows = phrases.map((phrase, index) => (
    <PhraseRow
      key={phrase}
      phrase={phrase}
      index={index}
      editing={editing}
      busy={busy}
      onSearch={onSearch}
      onRemove={onRemove}
    />
  ))

  const table = (
    <table className="pr-phrase-table">
      <thead>
        <tr>
          <th scope="col" className="pr-col-num">
            #
          </th>
          <th scope="col">Phrase</th>
          {editing ? (
            <th scope="col" className="pr-col-actions">
              <span className="visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      {editing ? (
        <SortableContext items={phrases} strategy={verticalListSortingStrategy}>
          <tbody>{rows}</tbody>
        </SortableContext>
      ) : (
        <tbody>{rows}</tbody>
      )}
    </table>
  )
  if (!editing) return table
  // the context renders its live regions next to its children: outside the table, where a <div> may go
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To pick up a phrase, press space or enter. Use the arrow keys to move it, space or enter to drop it, escape to cancel.',
        },
      }}
    >
      {table}
    </DndContext>
  )
}

function PhraseRow(props: {
  phrase: string
  index: number
  editing: boolean
  busy: boolean
  onSearch(phrase: string): void
  onRemove(index: number): void
}) {
  const { phrase, index, editing } = props
  if (!editing) {
    return (
      <tr
        className="pr-phrase-row pr-phrase-row-view"
        onClick={() => props.onSearch(phrase)}
        data-phrase={phrase}
      >
        <td className="pr-col-num">{index + 1}</td>
        <td>
          <button
            type="button"
            className="pr-phrase-btn"
            onClick={(event) => {
              event.stopPropagation()
              props.onSearch(phrase)
            }}
          >
            {phrase}
          </button>
        </td>
      </tr>
    )
  }
  return <SortableRow {...props} />
}

function SortableRow({
  phrase,
  index,
  busy,
  onRemove,
}: {
  phrase: string
  index: number
  busy: boolean
  onRemove(index: number): void
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: phrase,
      disabled: busy,
    })
  return (
    <tr
      ref={setNodeRef}
      className={`pr-phrase-row${isDragging ? ' pr-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-phrase={phrase}
    >
      <td className="pr-col-num">{index + 1}</td>
      <td>
        <span className="pr-phrase-edit">
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="pr-icon-btn pr-drag-handle"
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${phrase}`}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
              <circle cx="9" cy="6" r="1.6" />
              <circle cx="15" cy="6" r="1.6" />
              <circle cx="9" cy="12" r="1.6" />
              <circle cx="15" cy="12" r="1.6" />
              <circle cx="9" cy="18" r="1.6" />
              <circle cx="15" cy="18" r="1.6" />
            </svg>
          </button>
          <span>{phrase}</span>
        </span>
      </td>
      <td className="pr-col-actions">
        <button
          type="button"
          className="pr-btn pr-btn-outline pr-btn-sm"
          onClick={() => onRemove(index)}
          disabled={busy}
          aria-label={`Remove ${phrase}`}
        >
          Remove
        </button>
      </td>
    </tr>
  )
}
