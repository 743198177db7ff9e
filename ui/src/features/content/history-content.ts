// The town's history, written for this site. `{community}` stands for the
// configured town name (replaced with `withCommunity` when rendered).

export interface HistorySection {
  /** Anchor of the section, for the page's table of contents. */
  id: string;
  heading: string;
  paragraphs: string[];
}

export const HISTORY_INTRO =
  "From a railroad townsite on a limestone bench above Pecan Creek to one of the most sought-after small towns in Texas, {community} has spent a century becoming itself, one depot, schoolhouse and Saturday market at a time.";

export const HISTORY_SECTIONS: HistorySection[] = [
  {
    id: "founding",
    heading: "A Town Laid Out Along the Rails",
    paragraphs: [
      "{community} began as a line on a surveyor's map. In the spring of 1922 the Hill Country & Gulf Railway pushed a branch line west across the limestone ridges, looking for a place to water its engines and load the cattle, wool and cedar posts the surrounding ranches produced. The railroad's townsite company chose a broad, gently sloping bench above Pecan Creek, where a spring had run clear for as long as anyone could remember, and platted forty blocks in a tidy grid: Main Street parallel to the tracks, Pecan and Elm Streets crossing it, and a square in the middle reserved for public use.",
      "Lots went on sale on the first Saturday of June 1922. The company ran an excursion train out from the city, served barbecue under the live oaks and sold sixty-one lots before sundown, most of them for between $50 and $150. Within a year the new town had a general store, a lumber yard, a blacksmith, a cotton gin that never quite paid for itself, two congregations sharing one frame building on alternate Sundays, and a post office. The first postmaster, a former ranch foreman named Ezra Pruitt, sorted the mail into pigeonholes behind the counter of his feed store and handed it out himself.",
    ],
  },
  {
    id: "ranching",
    heading: "Ranchers and Cedar Choppers",
    paragraphs: [
      "The country around the townsite was never easy. Thin soil over limestone, steep draws and long, dry summers meant that farming gave way quickly to ranching. Families who had come into the hills in the 1870s and 1880s ran cattle on the open slopes and, more and more after 1900, Angora goats and sheep, which thrived on brush that cattle would not touch. By the late 1920s the railroad pens at {community} shipped wool and mohair every spring, and the warehouse beside the tracks was stacked to the rafters with burlap sacks waiting for buyers from San Angelo and Boston.",
      "Up in the cedar brakes lived a different people. The cedar choppers, families of Scots-Irish descent who had drifted in from Tennessee and the Ozarks, made their living cutting Ashe juniper, the tough, fragrant tree everyone here calls cedar. Cedar posts do not rot in the ground, and every new fence in a growing state needed them. The choppers worked with axes and crosscut saws, hauled posts down to the cedar yards by wagon and later by Model T truck, and burned the scraps into charcoal in earth-covered kilns. They were proud, independent and wary of town folks, and town folks returned the favor, but each depended on the other. On a good Saturday in 1930, the cedar yard at the end of Depot Street took in three thousand posts.",
      "The Depression hit both trades hard. Wool prices collapsed in 1931, and by the end of the decade fences were increasingly hung on steel posts. Many chopping families left for work in the city; others bought a few acres and stayed, and their surnames still fill the roster of the volunteer fire department and the headstones in the old cemetery on the hill. The ranching families adapted too, fencing smaller pastures, digging stock tanks and holding on through the drought of the 1950s, which older residents still call simply \"the drought.\"",
    ],
  },
  {
    id: "depot",
    heading: "The Depot",
    paragraphs: [
      "Nothing mattered more to early {community} than the depot. The railroad built it in 1923: a long, low frame building painted in the company's mustard and brown, with a waiting room at one end, a freight room at the other and the agent's bay window in the middle so he could watch the track in both directions. Two passenger trains stopped each way every day, and for decades the 4:10 afternoon local was how newspapers, mail-order catalogs, school books and visiting relatives arrived in town.",
      "The depot was also the telegraph office, the freight terminal and, on Friday evenings, the town's unofficial meeting place. Boys waited on the platform to watch the locomotive take on water, ranchers argued about rain and prices on the freight dock, and the station agent, for thirty-one years a patient man named Otto Kramer, knew more about everyone's business than the postmaster did. When the first local boy left for the Second World War in 1942, half the town came down to the platform to see him off, and they did the same for every one who followed.",
      "Passenger service ended in 1958 and freight in 1971; a few years later the rails were pulled up. The building sat empty, then served as a feed store and an antique shop. In 1994 the Historical Society bought it from the railroad's successor for one dollar, moved it sixty feet back from the highway and spent six years restoring it board by board. Today the Old Depot at 5 Depot Plaza is the society's museum and the starting point of its walking tours, and the agent's bay window once again looks out on a short stretch of track laid for the purpose.",
    ],
  },
  {
    id: "mid-century",
    heading: "Mid-Century Growth",
    paragraphs: [
      "The years after the Second World War changed {community} faster than anything since the railroad. Returning veterans used the GI Bill to buy lots on the north side of town, the state paved the farm-to-market road to the county seat in 1949, and rural electrification, which had reached the outlying ranches only in the late 1930s, brought refrigerators, radios and window units into nearly every house. Main Street filled in with brick storefronts: a drugstore with a soda fountain, Hardin's hardware and feed store, a picture show that ran westerns on Saturday afternoons for a dime, and a car dealership whose showroom drew a crowd every fall when the new models arrived.",
      "The population, which had hovered around six hundred for two decades, passed fifteen hundred in the 1960 census. This is the Main Street most longtime residents remember: angled parking full of pickups and two-tone sedans, pecan trees shading the square, and a Fourth of July parade that ended, then as now, with a street dance in front of the hardware store.",
    ],
  },
  {
    id: "school",
    heading: "The School",
    paragraphs: [
      "The first school in {community} was a one-room frame building on Elm Street that opened in the fall of 1923 with one teacher, Miss Clara Whitfield, and twenty-eight pupils spread across eight grades. She taught reading, arithmetic, penmanship and Texas history, rang the bell by hand and boarded with a different family each term. Ranch children rode in on horseback or walked as far as four miles, and on cold mornings the older boys were expected to come early and light the wood stove.",
      "As the town grew, so did the school. In 1938 a two-story limestone building with six classrooms and an auditorium replaced the original, built partly by Works Progress Administration crews with stone quarried a mile west of town. In 1954, after years of debate and three bond elections, {community} joined four neighboring rural districts to form an independent school district, and the first senior class graduated from the new high school in 1958: fourteen students, each of whom had a photograph in the local paper.",
      "The district has grown many times over since then, but the 1938 building still stands. It served as the junior high until 1989 and now holds the district's offices, and the bell Miss Whitfield rang hangs in its front hall.",
    ],
  },
  {
    id: "lake",
    heading: "The Lake",
    paragraphs: [
      "For its first forty years {community} depended on the spring above Pecan Creek and on rain that never came on schedule. The long drought of the 1950s convinced the town and its ranching neighbors that they needed a reservoir. After a decade of planning, the river authority closed an earthen dam across Pecan Creek in 1964, and by the spring of 1966 the new lake had filled for the first time: about twelve hundred acres of open water, three miles long, with limestone bluffs along its northern shore.",
      "The lake did more than secure the water supply. It brought fishing camps, a marina, weekend cabins and, in time, year-round residents who had first come out for a Saturday of bass fishing. Lake Road, once a caliche track to a few stock tanks, became the town's second main street. Summers since have meant boat ramps busy before dawn, fireworks over the water on the Fourth of July and a friendly, never-ending argument about how much of the shoreline should stay wild. So far the bluffs of the north shore remain a public park.",
    ],
  },
  {
    id: "today",
    heading: "{community} Today",
    paragraphs: [
      "Today about 8,500 people call {community} home, on 2.2 square miles that would look unfamiliar to the families who bought those first lots in 1922, and familiar in all the ways that matter. The railroad surveyors' grid still organizes downtown. The square still hosts the Saturday farmers market, the Christmas lighting and the Heritage Days festival each spring. Cedar still grows thick on the hills, and a few descendants of the choppers still cut it the old way, these days mostly for ranch gates and mantelpieces.",
      "The town has changed, too. Easy reach of the city, good schools and the lake have made {community} one of the most sought-after small towns in the region, and a median home value of about $747,600 shows it. New neighborhoods have grown up on old ranch land to the north and west, many residents work from home or commute, and the storefronts on Main Street now hold restaurants, boutiques, professional offices and a wellness studio alongside the hardware and feed store that has been there since 1948.",
      "What has not changed is the habit of showing up. Volunteers still run the fire department, the library's book sale and the Heritage Days parade. Local businesses still sponsor Little League teams and the high school livestock show. And on the first Saturday of June, the anniversary of the 1922 lot sale, the Historical Society opens the Old Depot free of charge and serves barbecue under the live oaks, just as the railroad did on the day the town was born.",
    ],
  },
];
