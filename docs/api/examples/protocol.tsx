import { isEvmAddress, toCaipNetworkId } from '@allaccess/protocol'

// The modal re-exports what a site needs of these; the cloud and the modal share the rest.
console.log(toCaipNetworkId('eip155', 1), isEvmAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'))
