// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title All-Access Pass
/// @notice A paid ERC-721 pass with a capped supply, a per-wallet mint limit and fully on-chain artwork.
contract AllAccessPass is ERC721, Ownable {
    using Strings for uint256;

    /// @notice `msg.value` was not exactly the mint price.
    error WrongPrice(uint256 sent, uint256 price);
    /// @notice Every pass has been minted.
    error SoldOut();
    /// @notice The caller has already minted as many passes as one wallet may.
    error WalletLimitReached();
    /// @notice The constructor was given a max supply of zero.
    error InvalidConfig();

    event Withdrawn(address indexed to, uint256 amount);

    /// @notice Price of one pass, in wei.
    uint256 public immutable price;
    /// @notice Number of passes that can ever exist.
    uint256 public immutable maxSupply;
    /// @notice Passes one wallet may mint; 0 means no limit.
    uint256 public immutable walletLimit;

    /// @notice Passes minted so far; also the id of the last minted pass (ids start at 1).
    uint256 public totalMinted;
    /// @notice Passes minted by each wallet (transfers do not change it).
    mapping(address minter => uint256) public mintedBy;

    constructor(uint256 price_, uint256 maxSupply_, uint256 walletLimit_)
        ERC721("All-Access Pass", "AAP")
        Ownable(msg.sender)
    {
        if (maxSupply_ == 0) revert InvalidConfig();
        price = price_;
        maxSupply = maxSupply_;
        walletLimit = walletLimit_;
    }

    /// @notice Mints the next pass to the caller for exactly `price()` wei.
    function mint() external payable returns (uint256 tokenId) {
        if (totalMinted >= maxSupply) revert SoldOut();
        if (walletLimit != 0 && mintedBy[msg.sender] >= walletLimit) revert WalletLimitReached();
        if (msg.value != price) revert WrongPrice(msg.value, price);
        tokenId = ++totalMinted;
        ++mintedBy[msg.sender];
        _safeMint(msg.sender, tokenId);
    }

    /// @notice Sends the whole mint revenue to `to`.
    function withdraw(address payable to) external onlyOwner {
        uint256 amount = address(this).balance;
        emit Withdrawn(to, amount);
        Address.sendValue(to, amount);
    }

    /// @notice On-chain metadata: a base64 JSON document whose image is a base64 SVG.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        uint256 hue = _hue(tokenId);
        string memory id = tokenId.toString();
        string memory json = string.concat(
            '{"name":"All-Access Pass #',
            id,
            '","description":"Your ticket to everything: this pass grants its holder all-access entry. The artwork lives fully on-chain.",',
            '"attributes":[{"trait_type":"Number","display_type":"number","value":',
            id,
            '},{"trait_type":"Hue","value":',
            hue.toString(),
            '}],"image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(_svg(id, hue))),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }

    /// @dev Spreads consecutive ids around the colour wheel (137 degrees is close to the golden angle).
    function _hue(uint256 tokenId) private pure returns (uint256) {
        return (tokenId * 137) % 360;
    }

    function _svg(string memory id, uint256 hue) private pure returns (string memory) {
        string memory h1 = hue.toString();
        string memory h2 = ((hue + 48) % 360).toString();
        return string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">',
            '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
            '<stop offset="0" stop-color="hsl(',
            h1,
            ',72%,46%)"/><stop offset="1" stop-color="hsl(',
            h2,
            ',78%,22%)"/></linearGradient></defs>',
            '<rect width="400" height="400" rx="28" fill="url(#g)"/>',
            '<circle cx="340" cy="60" r="130" fill="#fff" fill-opacity=".08"/>',
            _svgText(id)
        );
    }

    function _svgText(string memory id) private pure returns (string memory) {
        return string.concat(
            '<rect x="28" y="28" width="344" height="344" rx="18" fill="none" stroke="#fff" stroke-opacity=".4" ',
            'stroke-width="2" stroke-dasharray="2 8" stroke-linecap="round"/>',
            '<g font-family="ui-sans-serif,system-ui,Helvetica,Arial,sans-serif" fill="#fff">',
            '<text x="56" y="92" font-size="17" font-weight="600" letter-spacing="5" fill-opacity=".85">ALL-ACCESS PASS</text>',
            '<text x="56" y="122" font-size="13" letter-spacing="2" fill-opacity=".6">ADMIT ONE &#183; EVERYWHERE</text>',
            '<text x="52" y="338" font-size="76" font-weight="700">#',
            id,
            "</text></g></svg>"
        );
    }
}
