// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The devnet's Farcaster ID registry: the read side of Farcaster's IdRegistry (`idOf`, `custodyOf`,
/// `idCounter`, the `Register` event) that Sign In With Farcaster verifiers use, and `register()` as Farcaster's
/// IdGateway offers it (the caller becomes the custody address of the next fid), without fees or recovery.
/// It also keeps each fid's username (`usernameOf`), which Farcaster keeps in its fname registry: one per fid, each
/// held by one fid, set by the fid's custody address, under the fname rule (1 to 16 of a-z, 0-9 and "-", not
/// starting with "-"). Verifiers read the username here instead of taking the one an approval claims.
contract IdRegistry {
    uint256 public idCounter;
    mapping(address custody => uint256 fid) public idOf;
    mapping(uint256 fid => address custody) public custodyOf;
    mapping(uint256 fid => string username) public usernameOf;
    /// @dev keccak256 of a username => the fid holding it (0: free).
    mapping(bytes32 usernameHash => uint256 fid) private holderOf;

    event Register(address indexed to, uint256 indexed id, address recovery);
    event Username(uint256 indexed fid, string username);

    /// @dev The caller already has an fid (one per custody address, as on Farcaster).
    error HasId();
    /// @dev The caller holds no fid, so it has no username to set.
    error NoId();
    /// @dev The username breaks the fname rule.
    error InvalidUsername();
    /// @dev Another fid holds the username.
    error UsernameTaken();

    function register() external returns (uint256 fid) {
        if (idOf[msg.sender] != 0) revert HasId();
        fid = ++idCounter;
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        emit Register(msg.sender, fid, address(0));
    }

    /// @notice Gives the caller's fid `username`, freeing the one it had.
    function setUsername(string calldata username) external {
        uint256 fid = idOf[msg.sender];
        if (fid == 0) revert NoId();
        if (!isFname(bytes(username))) revert InvalidUsername();
        bytes32 key = keccak256(bytes(username));
        uint256 holder = holderOf[key];
        if (holder != 0 && holder != fid) revert UsernameTaken();
        string memory previous = usernameOf[fid];
        if (bytes(previous).length != 0) delete holderOf[keccak256(bytes(previous))];
        holderOf[key] = fid;
        usernameOf[fid] = username;
        emit Username(fid, username);
    }

    function isFname(bytes calldata name) private pure returns (bool) {
        if (name.length == 0 || name.length > 16 || name[0] == "-") return false;
        for (uint256 i = 0; i < name.length; i++) {
            bytes1 c = name[i];
            if (!((c >= "a" && c <= "z") || (c >= "0" && c <= "9") || c == "-")) return false;
        }
        return true;
    }
}
