// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @notice A wildcard resolver (ENSIP-10) that answers every name under the node it is set on from a gateway
/// (ERC-3668 CCIP-Read). The gateway's answer counts only when signed by one of the signers and not expired:
/// the digest is keccak256(0x1900 ‖ this resolver ‖ expires ‖ keccak256(request) ‖ keccak256(result)), EIP-191
/// version 0 ("data with intended validator"), so an answer signed for another resolver or request is refused.
contract OffchainNameResolver is Ownable {
    /// @dev ENSIP-10 `resolve(bytes,bytes)`.
    bytes4 private constant EXTENDED_RESOLVER = 0x9061b923;
    bytes4 private constant ERC165 = 0x01ffc9a7;

    string[] private urls;
    mapping(address signer => bool) public isSigner;

    event UrlsChanged(string[] urls);
    event SignerChanged(address indexed signer, bool allowed);

    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
    error AnswerExpired(uint64 expires);
    error UnknownSigner(address signer);

    constructor(string[] memory urls_, address[] memory signers) Ownable(msg.sender) {
        urls = urls_;
        emit UrlsChanged(urls_);
        for (uint256 i = 0; i < signers.length; i++) {
            isSigner[signers[i]] = true;
            emit SignerChanged(signers[i], true);
        }
    }

    function gatewayUrls() external view returns (string[] memory) {
        return urls;
    }

    function setUrls(string[] memory urls_) external onlyOwner {
        urls = urls_;
        emit UrlsChanged(urls_);
    }

    function setSigner(address signer, bool allowed) external onlyOwner {
        isSigner[signer] = allowed;
        emit SignerChanged(signer, allowed);
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == EXTENDED_RESOLVER || interfaceId == ERC165;
    }

    /// @notice Always asks the gateway: the request sent is this very call, and comes back as the extra data.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory request = abi.encodeWithSelector(EXTENDED_RESOLVER, name, data);
        revert OffchainLookup(address(this), urls, request, this.resolveCallback.selector, request);
    }

    /// @param response abi.encode(bytes result, uint64 expires, bytes signature) from the gateway.
    /// @param request The gateway request `resolve` made.
    function resolveCallback(bytes calldata response, bytes calldata request) external view returns (bytes memory) {
        (bytes memory result, uint64 expires, bytes memory signature) = abi.decode(response, (bytes, uint64, bytes));
        if (expires < block.timestamp) revert AnswerExpired(expires);
        (address signer, ECDSA.RecoverError failure,) = ECDSA.tryRecover(answerDigest(request, result, expires), signature);
        if (failure != ECDSA.RecoverError.NoError || !isSigner[signer]) revert UnknownSigner(signer);
        return result;
    }

    function answerDigest(bytes memory request, bytes memory result, uint64 expires) public view returns (bytes32) {
        return keccak256(abi.encodePacked(hex"1900", address(this), expires, keccak256(request), keccak256(result)));
    }
}
