// Package journeys holds a client's journey statuses (spec 3 §3.3, §4.3, §7.3): the annual
// review's status (numeric, None=1 … NoChangesReported=5), the fact find's ('0' none, '1' and
// '2' awaiting) and the robo-advice journey's type and status. The web app's notification modal,
// postponement panel and journey pages read them through GET entity/client-v4/{id} and change
// them through PATCH entity/client-v4/{id}; the annual review's submission sets the submitted
// statuses inside its own transaction through SetReviewStatus.
//
// A client may only take the steps the portal offers: speak to the adviser on a review in
// progress, on an awaiting fact find, and the robo journey's own moves. Submitted statuses come
// from the review's submission alone, and advisers change statuses in the back office.
package journeys
