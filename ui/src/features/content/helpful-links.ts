import Bus from "lucide-react/icons/bus";
import Building2 from "lucide-react/icons/building-complex";
import GraduationCap from "lucide-react/icons/graduation-cap";
import HeartPulse from "lucide-react/icons/heart-pulse";
import Siren from "lucide-react/icons/siren";
import Zap from "lucide-react/icons/zap";
import type { LucideIcon } from "lucide-react";

export interface HelpfulLink {
  name: string;
  url: string;
  description: string;
}

export interface HelpfulLinkGroup {
  title: string;
  icon: LucideIcon;
  links: HelpfulLink[];
}

// State resources are the real agencies; town-level offices are fictional
// and live on `.example` domains until the city's own addresses are known.
export const HELPFUL_LINK_GROUPS: HelpfulLinkGroup[] = [
  {
    title: "City Government",
    icon: Building2,
    links: [
      { name: "City Hall", url: "https://cityhall.example", description: "Departments, staff directory, public notices and city services." },
      { name: "City Council Agendas & Minutes", url: "https://cityhall.example/agendas", description: "Meeting agendas posted 72 hours ahead, minutes and video archives." },
      { name: "Permits & Inspections", url: "https://cityhall.example/permits", description: "Building permits, inspections, zoning and code questions." },
      { name: "Municipal Court", url: "https://cityhall.example/municipal-court", description: "Pay citations, check court dates and find court forms." },
      { name: "Texas.gov", url: "https://www.texas.gov", description: "The official portal for Texas state services, licenses and renewals." },
    ],
  },
  {
    title: "Emergency Services",
    icon: Siren,
    links: [
      { name: "Police Department", url: "https://cityhall.example/police", description: "Non-emergency reports, records requests and community programs." },
      { name: "Volunteer Fire Department", url: "https://cityhall.example/fire", description: "Burn ban status, fire safety tips and volunteer sign-up." },
      { name: "Texas Division of Emergency Management", url: "https://tdem.texas.gov", description: "Disaster preparedness, active emergencies and recovery assistance." },
      { name: "Texas Department of Public Safety", url: "https://www.dps.texas.gov", description: "Driver licenses, highway patrol and public safety alerts." },
      { name: "National Weather Service Austin/San Antonio", url: "https://www.weather.gov/ewx", description: "Forecasts, severe weather warnings and flood watches for the Hill Country." },
    ],
  },
  {
    title: "Utilities & Services",
    icon: Zap,
    links: [
      { name: "City Utility Billing", url: "https://cityhall.example/utilities", description: "Start or stop water and sewer service and pay your bill online." },
      { name: "Trash & Recycling", url: "https://cityhall.example/solid-waste", description: "Collection schedules, bulk pickup and the recycling drop-off center." },
      { name: "Public Utility Commission of Texas", url: "https://www.puc.texas.gov", description: "Electric, water and telecom regulation and consumer complaints." },
      { name: "Power to Choose", url: "https://www.powertochoose.org", description: "The state's official site for comparing retail electricity plans." },
      { name: "ERCOT", url: "https://www.ercot.com", description: "Texas power grid conditions and conservation alerts." },
    ],
  },
  {
    title: "Transportation",
    icon: Bus,
    links: [
      { name: "Texas Department of Transportation", url: "https://www.txdot.gov", description: "Highway projects, road construction and travel information." },
      { name: "DriveTexas", url: "https://drivetexas.org", description: "Live road conditions, closures and flooded crossings." },
      { name: "Texas Department of Motor Vehicles", url: "https://www.txdmv.gov", description: "Vehicle registration, titles and license plates." },
      { name: "Rural Transit Service", url: "https://ruraltransit.example", description: "Demand-response rides for seniors and residents without a car." },
    ],
  },
  {
    title: "Education",
    icon: GraduationCap,
    links: [
      { name: "Independent School District", url: "https://isd.example", description: "School calendars, enrollment, bus routes and lunch menus." },
      { name: "Public Library", url: "https://library.example", description: "Catalog, e-books, story time and meeting room reservations." },
      { name: "Texas Education Agency", url: "https://tea.texas.gov", description: "School ratings, state testing and education policy." },
      { name: "Texas Higher Education Coordinating Board", url: "https://www.highered.texas.gov", description: "College planning, financial aid and state grant programs." },
    ],
  },
  {
    title: "Healthcare",
    icon: HeartPulse,
    links: [
      { name: "County Health District", url: "https://countyhealth.example", description: "Immunization clinics, food permits and local health alerts." },
      { name: "Texas Department of State Health Services", url: "https://www.dshs.texas.gov", description: "Public health information, vital records and disease prevention." },
      { name: "Texas Health and Human Services", url: "https://www.hhs.texas.gov", description: "Medicaid, CHIP, SNAP and services for older Texans." },
      { name: "2-1-1 Texas", url: "https://www.211texas.org", description: "Free, confidential referrals to local health and social services." },
    ],
  },
];
