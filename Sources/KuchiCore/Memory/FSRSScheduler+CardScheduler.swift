/// FSRSScheduler is the scheduler the study queue and the store use in the app.
extension FSRSScheduler: CardScheduler {}
