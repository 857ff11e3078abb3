// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The devnet's Farcaster ID registry: the read side of Farcaster's IdRegistry (`idOf`, `custodyOf`,
/// `idCounter`, the `Register` event) that Sign In With Farcaster verifiers use, and `register()` as Farcaster's
/// IdGateway offers it (the caller becomes the custody address of the next fid), without fees or recovery.
contract IdRegistry {
    uint256 public idCounter;
    mapping(address custody => uint256 fid) public idOf;
    mapping(uint256 fid => address custody) public custodyOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    /// @dev The caller already has an fid (one per custody address, as on Farcaster).
    error HasId();

    function register() external returns (uint256 fid) {
        if (idOf[msg.sender] != 0) revert HasId();
        fid = ++idCounter;
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        emit Register(msg.sender, fid, address(0));
    }
}
