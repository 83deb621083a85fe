package firmdata

// Name and place lists of the synthetic firm: common enough to be plausible, mixed enough that
// a list of 10,000 clients does not read as the same few people. Every person and address is
// invented; the postcodes have the right shape but are drawn at random.

var (
	femaleFirstNames = []string{
		"Amelia", "Olivia", "Isla", "Emily", "Sophie", "Grace", "Charlotte", "Harriet", "Imogen", "Fiona",
		"Margaret", "Siobhan", "Rebecca", "Niamh", "Catherine", "Lucy", "Anjali", "Helen", "Zara", "Rachel",
		"Beatrice", "Deborah", "Eilidh", "Morag", "Gwen", "Ffion", "Priya", "Aisha", "Fatima", "Mei",
		"Joanna", "Katherine", "Elizabeth", "Susan", "Alison", "Claire", "Nicola", "Sarah", "Victoria", "Louise",
		"Hannah", "Jessica", "Eleanor", "Alice", "Florence", "Rosie", "Ruth", "Jane", "Anne", "Patricia",
		"Caroline", "Megan", "Bethan", "Kirsty", "Yasmin", "Naomi", "Esther", "Teresa", "Hazel", "Pauline",
	}
	maleFirstNames = []string{
		"William", "Henry", "Rupert", "Callum", "Edward", "Arjun", "George", "Hamish", "Daniel", "Rhys",
		"Samuel", "Owen", "Marcus", "Alistair", "Kwame", "Patrick", "Benedict", "Theo", "Rory", "Graham",
		"James", "John", "David", "Richard", "Michael", "Andrew", "Stephen", "Peter", "Robert", "Paul",
		"Thomas", "Christopher", "Matthew", "Jonathan", "Simon", "Mark", "Ian", "Neil", "Gareth", "Dafydd",
		"Euan", "Fraser", "Niall", "Ciaran", "Sanjay", "Ravi", "Imran", "Tariq", "Wei", "Hiroshi",
		"Oliver", "Harry", "Jack", "Charlie", "Alexander", "Hugh", "Angus", "Duncan", "Malcolm", "Colin",
	}
	lastNames = []string{
		"Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Robinson", "Wright",
		"Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke",
		"Patel", "Khan", "Lewis", "James", "Phillips", "Mason", "Mitchell", "Rose", "Davis", "Rodriguez",
		"Cox", "Alexander", "Morgan", "Moore", "Hughes", "Edwards", "Hill", "Harris", "Martin", "Cooper",
		"Ward", "Morris", "King", "Turner", "Baker", "Scott", "Watson", "Campbell", "Stewart", "Murray",
		"MacDonald", "MacLeod", "Fraser", "Ross", "Reid", "Paterson", "Henderson", "Gallagher", "O'Brien", "Byrne",
		"Kelly", "Doyle", "Murphy", "Walsh", "Ashworth", "Pemberton", "Fairweather", "Hollis", "Kaur", "Okafor",
		"Lindqvist", "Harrington", "Thistlewood", "Chaudhry", "Prescott", "Redmond", "Whitcombe", "Nakamura", "Llewellyn", "Oduya",
		"Sinclair", "Beaumont", "Carver", "Fitzgerald", "Holroyd", "Ingram", "Jessop", "Kerr", "Lister", "Morrow",
		"Trelawny", "Penrose", "Tregear", "Pascoe", "Hawkins", "Fletcher", "Chapman", "Barker", "Gray", "Ellis",
		"Chan", "Wong", "Singh", "Sharma", "Ali", "Hussain", "Ahmed", "Nguyen", "Kowalski", "Novak",
		"Bennett", "Price", "Lloyd", "Powell", "Griffiths", "Rees", "Owen", "Jenkins", "Vaughan", "Howell",
		"Shaw", "Lawrence", "Knight", "Webb", "Palmer", "Holmes", "Mills", "Rogers", "Hunt", "Stevens",
		"Burton", "Russell", "Marshall", "Fox", "Dixon", "Harvey", "Lane", "Berry", "Armstrong", "Wells",
	}
	streetNames = []string{
		"High Street", "Church Road", "Station Road", "Victoria Road", "Park Avenue", "Queen's Road", "London Road",
		"Mill Lane", "Manor Road", "The Green", "Kingsway", "Orchard Close", "Riverside Walk", "Chapel Street",
		"School Lane", "Grange Road", "Albert Terrace", "Elm Grove", "Beech Avenue", "Meadow Way", "Castle Street",
		"Harbour View", "Abbey Road", "Priory Lane", "Cromwell Road", "Regent Street", "Windsor Crescent",
		"Marlborough Road", "St John's Road", "North Street", "West End Lane", "Cedar Drive", "Oakfield Road",
		"Hillside Gardens", "Woodland Rise", "Ashgrove", "Belmont Road", "Clifton Park", "Royal Crescent", "Granville Place",
	}
	houseNames = []string{"Rose Cottage", "The Old Rectory", "Ivy House", "Flat 2", "Flat 5", "Flat 11", "Willow Barn", "Apartment 3", "The Coach House", "Orchard House"}
)

// gbTown is a UK post town with the outward codes of its postcode districts.
type gbTown struct {
	town      string
	districts []string
}

var gbTowns = []gbTown{
	{"Bristol", []string{"BS1", "BS3", "BS6", "BS7", "BS8", "BS9"}},
	{"Bath", []string{"BA1", "BA2"}},
	{"London", []string{"SW1A", "SW6", "SW11", "SW19", "N1", "N6", "NW3", "SE10", "SE21", "W4", "W11", "E14", "EC2V"}},
	{"Edinburgh", []string{"EH1", "EH3", "EH4", "EH9", "EH10"}},
	{"Glasgow", []string{"G3", "G12", "G41"}},
	{"Manchester", []string{"M1", "M14", "M20"}},
	{"Leeds", []string{"LS1", "LS6", "LS8", "LS17"}},
	{"Birmingham", []string{"B1", "B13", "B15", "B17"}},
	{"Oxford", []string{"OX1", "OX2", "OX4"}},
	{"Cambridge", []string{"CB1", "CB2", "CB4"}},
	{"Cardiff", []string{"CF5", "CF10", "CF14", "CF23"}},
	{"Belfast", []string{"BT1", "BT7", "BT9"}},
	{"York", []string{"YO1", "YO10", "YO24"}},
	{"Norwich", []string{"NR1", "NR2", "NR4"}},
	{"Truro", []string{"TR1"}},
	{"Exeter", []string{"EX1", "EX2", "EX4"}},
	{"Winchester", []string{"SO22", "SO23"}},
	{"Brighton", []string{"BN1", "BN2", "BN3"}},
	{"Harrogate", []string{"HG1", "HG2"}},
	{"Cheltenham", []string{"GL50", "GL52", "GL53"}},
	{"Guildford", []string{"GU1", "GU2"}},
	{"St Albans", []string{"AL1", "AL3"}},
	{"Chester", []string{"CH1", "CH2", "CH3"}},
	{"Aberdeen", []string{"AB10", "AB15"}},
	{"Leicester", []string{"LE1", "LE2"}},
	{"Nottingham", []string{"NG1", "NG5", "NG7"}},
	{"Plymouth", []string{"PL1", "PL4"}},
	{"Sheffield", []string{"S10", "S11", "S17"}},
}

// inwardLetters are the letters a UK inward code may end with (no C, I, K, M, O or V).
const inwardLetters = "ABDEFGHJLNPQRSTUWXYZ"

// abroadPlace is a suburb or city of a region other than GB, with its state or province and
// postcodes of the right shape.
type abroadPlace struct {
	suburb, state string
	postcodes     []string
}

var abroadPlaces = map[string][]abroadPlace{
	"AU": {
		{"Mosman", "NSW", []string{"2088"}}, {"Paddington", "NSW", []string{"2021"}}, {"Hawthorn", "VIC", []string{"3122"}},
		{"Toorak", "VIC", []string{"3142"}}, {"New Farm", "QLD", []string{"4005"}}, {"Cottesloe", "WA", []string{"6011"}},
		{"Unley", "SA", []string{"5061"}}, {"Sandy Bay", "TAS", []string{"7005"}},
	},
	"CA": {
		{"Toronto", "ON", []string{"M5R 2E3", "M4W 1A8", "M6G 3B4"}}, {"Vancouver", "BC", []string{"V6K 1P6", "V6J 2C7"}},
		{"Calgary", "AB", []string{"T2S 0K4"}}, {"Ottawa", "ON", []string{"K1S 3W9"}}, {"Halifax", "NS", []string{"B3H 1Y6"}},
	},
	"NZ": {
		{"Ponsonby, Auckland", "", []string{"1011"}}, {"Remuera, Auckland", "", []string{"1050"}},
		{"Thorndon, Wellington", "", []string{"6011"}}, {"Merivale, Christchurch", "", []string{"8014"}},
	},
}

var abroadStreets = []string{"Harbour Street", "Queen Street", "King Street", "Ocean Parade", "Bay Road", "Park Lane", "Elizabeth Street", "Lakeshore Drive", "Maple Avenue", "Kauri Road"}

// offices are where the synthetic firm's advisers work.
var offices = []struct {
	town, block, street, postcode, phone string
}{
	{"Bristol", "Merchant House", "21 Queen Square", "BS1 4NH", "0117 496 0100"},
	{"Edinburgh", "Calton Chambers", "8 Regent Terrace", "EH7 5BN", "0131 496 0200"},
	{"London", "Moorgate Place", "40 Coleman Street", "EC2R 5EH", "020 7946 0300"},
	{"Manchester", "Albert Buildings", "12 Peter Street", "M2 5QR", "0161 496 0400"},
	{"Leeds", "Park Row House", "3 Park Row", "LS1 5HD", "0113 496 0500"},
	{"Cardiff", "Bute Chambers", "15 Mount Stuart Square", "CF10 5EE", "029 2018 0600"},
}
