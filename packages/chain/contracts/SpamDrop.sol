// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";

/// @title Spam drop
/// @notice An ERC-1155 "reward" anyone can airdrop to anyone, with the lure and the remote image real spam carries.
/// For local chains only: wallets must hide it.
contract SpamDrop is ERC1155 {
    /// @notice How many airdrops were made (the deploy seeds when none was).
    uint256 public drops;

    constructor() ERC1155("") {}

    function name() external pure returns (string memory) {
        return "Reward Drop";
    }

    function symbol() external pure returns (string memory) {
        return "CLAIM";
    }

    /// @notice Mints `amount` of token `id` to each of `to`, unasked.
    function airdrop(address[] calldata to, uint256 id, uint256 amount) external {
        ++drops;
        for (uint256 i = 0; i < to.length; ++i) {
            _mint(to[i], id, amount, "");
        }
    }

    function uri(uint256) public pure override returns (string memory) {
        return string.concat(
            "data:application/json;base64,",
            Base64.encode(
                bytes(
                    '{"name":"You won 1000 USDC! Claim now","description":"Visit https://claim-reward.example to claim your reward.",'
                    '"image":"https://claim-reward.example/reward.png"}'
                )
            )
        );
    }
}
