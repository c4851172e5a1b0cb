/** English strings of the pipeline views: the board's layout and collapsed columns, refused moves, the calendar agenda. */
export const enPipeline = {
  pipeline: {
    kanban: {
      layout: 'Columns',
      pipeline: 'Pipeline',
      all: 'Every status',
      layoutHint:
        'Pipeline: Draft to Posted, with Paused, Blocked and Rejected while they hold a task. Empty and finished columns are narrow: select one to open it.',
      expand_one: 'Open {{status}}, {{count}} task',
      expand_other: 'Open {{status}}, {{count}} tasks',
      collapse: 'Narrow {{status}}',
      refusedTitle: 'Not moved',
      refusedReview: '#{{id}} cannot go from {{from}} to {{to}}: it needs a review first. Move it to {{via}}, then approve it.',
      refusedApprove: '#{{id}} cannot go from {{from}} to {{to}}: it must be {{approved}} first.',
      refusedStep: '#{{id}} cannot go from {{from}} to {{to}} in one move. From {{from}} it can go to {{allowed}}.',
      dismiss: 'Dismiss',
    },
    calendar: {
      everyStatus: 'Every task with a due date, whatever its status; the other filters apply.',
      dragHint: 'Drag a task to another day to change its due date.',
      agendaLabel: 'Tasks by day, {{range}}',
      agendaEmpty: 'Nothing is due in this range.',
      dayHeading: '{{date}}',
      dayCount_one: '{{count}} task',
      dayCount_other: '{{count}} tasks',
    },
  },
};
