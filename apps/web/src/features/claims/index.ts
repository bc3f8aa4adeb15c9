/** What other parts of the portal show of claims: a shipment page's "File a claim", and staff's shipment page's claims. */
export { FileClaimLink } from './components/FileClaimLink';
export { ShipmentClaims } from './components/ShipmentClaims';
