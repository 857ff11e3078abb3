// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The smallest ENS-compatible registry (the read side ENS clients use: owner and resolver per node,
/// EIP-137 namehash nodes). The deployer owns the root and hands out subnodes.
contract NamesRegistry {
    struct Record {
        address owner;
        address resolver;
    }

    mapping(bytes32 node => Record) private records;

    event NewOwner(bytes32 indexed node, bytes32 indexed label, address owner);
    event Transfer(bytes32 indexed node, address owner);
    event NewResolver(bytes32 indexed node, address resolver);

    error Unauthorised(bytes32 node, address caller);

    constructor() {
        records[bytes32(0)].owner = msg.sender;
    }

    modifier onlyOwnerOf(bytes32 node) {
        if (records[node].owner != msg.sender) revert Unauthorised(node, msg.sender);
        _;
    }

    function owner(bytes32 node) external view returns (address) {
        return records[node].owner;
    }

    function resolver(bytes32 node) external view returns (address) {
        return records[node].resolver;
    }

    function setOwner(bytes32 node, address newOwner) external onlyOwnerOf(node) {
        records[node].owner = newOwner;
        emit Transfer(node, newOwner);
    }

    function setSubnodeOwner(bytes32 node, bytes32 label, address newOwner)
        external
        onlyOwnerOf(node)
        returns (bytes32 subnode)
    {
        subnode = keccak256(abi.encodePacked(node, label));
        records[subnode].owner = newOwner;
        emit NewOwner(node, label, newOwner);
    }

    function setResolver(bytes32 node, address newResolver) external onlyOwnerOf(node) {
        records[node].resolver = newResolver;
        emit NewResolver(node, newResolver);
    }
}
